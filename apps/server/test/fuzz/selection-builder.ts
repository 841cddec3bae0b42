import {
  getNamedType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInterfaceType,
  type GraphQLObjectType,
  type GraphQLOutputType,
} from 'graphql';

type Composite = GraphQLObjectType | GraphQLInterfaceType;

const isList = (type: GraphQLOutputType): boolean => isListType(isNonNullType(type) ? type.ofType : type);
const plain = (f: GraphQLField<unknown, unknown>) => f.args.length === 0;

function scalarsOf(type: Composite): string[] {
  return Object.values(type.getFields())
    .filter((f) => plain(f) && isLeafType(getNamedType(f.type)))
    .map((f) => f.name);
}

/** Scalars of a type, or its id alone when it is a node. */
function idOrScalars(type: Composite): string {
  const fields = type.getFields();
  return fields['id'] ? 'id' : scalarsOf(type).join(' ') || '__typename';
}

function connection(type: Composite): string | null {
  const f = type.getFields();
  if (!f['nodes'] || !f['pageInfo']) return null;
  const node = getNamedType(f['nodes'].type) as Composite;
  const parts = [`nodes { ${idOrScalars(node)} }`, 'pageInfo { hasNextPage hasPreviousPage endCursor }'];
  if (f['edges']) parts.push('edges { cursor }');
  if (f['count']) parts.push('count { value precision }');
  if (f['userErrors']) parts.push('userErrors { code field message }');
  return `{ ${parts.join(' ')} }`;
}

function payload(type: Composite): string | null {
  const f = type.getFields();
  if (!f['userErrors']) return null;
  const others = Object.values(f).filter((x) => x.name !== 'userErrors' && plain(x));
  const scalar = others.find((x) => isLeafType(getNamedType(x.type)));
  if (scalar) return `{ userErrors { code field message } ${scalar.name} }`;
  const object = others[0];
  if (!object) return '{ userErrors { code field message } }';
  return `{ userErrors { code field message } ${object.name} { ${idOrScalars(getNamedType(object.type) as Composite)} } }`;
}

/**
 * The smallest selection that makes a field's resolvers run: a connection's nodes, page info and
 * count; a payload's userErrors and one value; otherwise every scalar plus the scalars of each
 * single (not list) object one level down. Lists below the top are left out to keep the cost low.
 */
export function selectionFor(type: GraphQLOutputType): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (isInterfaceType(named)) return `{ __typename ${scalarsOf(named).join(' ')} }`;
  if (!isObjectType(named)) return '{ __typename }';
  const special = connection(named) ?? payload(named);
  if (special) return special;
  const parts = scalarsOf(named);
  for (const f of Object.values(named.getFields())) {
    const inner = getNamedType(f.type);
    if (!plain(f) || isList(f.type) || isLeafType(inner)) continue;
    const scalars = scalarsOf(inner as Composite);
    if (scalars.length) parts.push(`${f.name} { ${scalars.join(' ')} }`);
  }
  return `{ ${parts.join(' ') || '__typename'} }`;
}
