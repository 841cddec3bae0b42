/**
 * The path to return to after signing in. Only same-site relative paths are accepted ("/orders?q=x"),
 * never "//evil.example" or "/\evil.example", which browsers treat as other hosts.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/')) return null;
  if (next.startsWith('//') || next.startsWith('/\\')) return null;
  if ([...next].some((ch) => ch.charCodeAt(0) < 0x20)) return null;
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/login/')) return null;
  return next;
}

/** `/login?next=<path>` for the page that needs a session. */
export function loginPath(next: string): string {
  const safe = safeNextPath(next);
  return safe && safe !== '/' ? `/login?${new URLSearchParams({ next: safe }).toString()}` : '/login';
}
