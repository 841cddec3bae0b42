/**
 * An email's HTML part in a sandboxed frame: no scripts, no same-origin access, links open outside.
 * The HTML is the server's (every variable escaped); the sandbox is the second wall.
 */
export function EmailFrame({ html, title, height = 560 }: { html: string; title: string; height?: number }) {
  return (
    <iframe
      title={title}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      srcDoc={html.replace('<head>', '<head><base target="_blank">')}
      style={{
        width: '100%',
        height,
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 8,
        background: '#fff',
      }}
    />
  );
}
