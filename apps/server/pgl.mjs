import { PGlite } from '@electric-sql/pglite';
let t = Date.now();
const a = new PGlite(); await a.waitReady; console.log('init', Date.now() - t);
t = Date.now(); await a.exec('create table x (id int primary key, t text); insert into x select g, md5(g::text) from generate_series(1,1000) g'); console.log('ddl', Date.now()-t);
t = Date.now(); const dump = await a.dumpDataDir('none'); console.log('dump', Date.now() - t, dump.size);
t = Date.now(); const b = new PGlite({ loadDataDir: dump }); await b.waitReady; console.log('load', Date.now() - t, (await b.query('select count(*) from x')).rows);
t = Date.now(); const c = new PGlite(); await c.waitReady; console.log('init2', Date.now() - t);
