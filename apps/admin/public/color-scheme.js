/* global window, document */
// Applies the saved theme before the first paint (what Mantine's ColorSchemeScript does), as a file
// rather than an inline script so the server's Content-Security-Policy (script-src 'self') allows it.
// The key is COLOR_SCHEME_KEY of src/app/theme.ts.
try {
  var saved = window.localStorage.getItem('stockroom-color-scheme');
  var scheme = saved === 'dark' || saved === 'light' ? saved : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
} catch {
  document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
}
