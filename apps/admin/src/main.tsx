// Mantine's base layers; each component's CSS comes with the component (vite-plugins.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { setPrefetchClient } from './lib/prefetch';
import { redirectWhenSessionEnds } from './app/session-ended';
import { createApolloClient } from './lib/apollo-client';
import { currentStaffDocument } from './lib/shell-api/current-staff-query';
import { shopNameDocument } from './lib/shell-api/shop-name-query';

const client = createApolloClient();
setPrefetchClient(client);
// Who is signed in is asked now, while the router loads the first screen's code, not after it
// (RequireSession's query joins this request or reads its answer from the cache). Its errors are
// RequireSession's to show.
// Then, for a person signed in, the store's name and time zone (src/early.ts has asked already): in
// the cache before the first screen draws its dates, they are not drawn a second time when the zone
// arrives. Not for nobody: the store's settings need a session, and the refusal would read as a
// session that ended.
client
  .query({ query: currentStaffDocument })
  .then(({ data }) => (data?.me ? client.query({ query: shopNameDocument }) : null))
  .catch(() => undefined);
const router = createAppRouter();
redirectWhenSessionEnds(router, client);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

createRoot(root).render(
  <StrictMode>
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
