/**
 * `virtual:graphql-text/<Operation>`: the operation's text as the app's Apollo Client sends it
 * (`__typename` added, fragments included), made at build time by vite-plugins.ts `earlyRequests`.
 */
declare module 'virtual:graphql-text/*' {
  const text: string;
  export default text;
}
