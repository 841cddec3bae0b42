import type { MailView } from './mail-view.js';
import { compileMjml } from './mjml-compiler.js';

/**
 * The HTML around an email's words: the store's name, the body, a button, the order's lines and
 * totals, the address, the footer. Written in MJML, compiled once per shape (with or without a
 * button, an order, an address) into HTML with slots, and kept: a message fills the slots with its
 * escaped values, so sending runs only Liquid, never MJML (mjml-compiler.ts). Every shape is compiled
 * at the first message, in one go: the worker starts once for the process.
 */

interface Shape {
  button: boolean;
  order: boolean;
  address: boolean;
}

/** A slot in the compiled HTML: letters only, so MJML passes it through as it is. */
const slot = (name: string) => `SRSLOT${name}SREND`;
const SLOT = /SRSLOT([A-Za-z]+)SREND/g;

export const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

function layoutMjml(shape: Shape): string {
  return `<mjml>
  <mj-head>
    <mj-title>${slot('shopName')}</mj-title>
    <mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text font-size="15px" line-height="22px" color="#212529" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f1f3f5">
    <mj-section padding="24px 0 8px 0"><mj-column><mj-text font-size="20px" font-weight="bold">${slot('shopName')}</mj-text></mj-column></mj-section>
    <mj-section background-color="#ffffff" padding="24px"><mj-column>
<mj-text padding="0">${slot('body')}</mj-text>
${shape.button ? `<mj-button href="${slot('buttonUrl')}" background-color="#1c7ed6" align="left">${slot('buttonLabel')}</mj-button>` : ''}
    </mj-column></mj-section>
${
  shape.order
    ? `    <mj-section background-color="#ffffff" padding="0 24px 24px 24px"><mj-column>
      <mj-divider border-width="1px" border-color="#dee2e6" />
      <mj-text font-weight="bold">Order ${slot('orderName')}</mj-text>
      <mj-table>${slot('lines')}</mj-table>
      <mj-divider border-width="1px" border-color="#dee2e6" />
      <mj-table>${slot('totals')}</mj-table>
${shape.address ? `      <mj-text><strong>Shipping to</strong><br />${slot('address')}</mj-text>` : ''}
    </mj-column></mj-section>`
    : ''
}
    <mj-section padding="12px 0"><mj-column><mj-text font-size="12px" color="#868e96">${slot('footer')}</mj-text></mj-column></mj-section>
  </mj-body>
</mjml>`;
}

/** Every shape (eight): compiled together, so the worker loads MJML once for the process. */
const SHAPES: Shape[] = [0, 1, 2, 3, 4, 5, 6, 7].map((n) => ({
  button: (n & 1) > 0,
  order: (n & 2) > 0,
  address: (n & 4) > 0,
}));
const keyOf = (shape: Shape) => `${+shape.button}${+shape.order}${+shape.address}`;

/** Each shape's compiled HTML, for as long as the process runs. */
let compiled: Promise<Map<string, string>> | null = null;

async function layoutHtml(shape: Shape): Promise<string> {
  compiled ??= (async () => {
    const html = await Promise.all(SHAPES.map((s) => compileMjml(layoutMjml(s))));
    return new Map(SHAPES.map((s, i) => [keyOf(s), html[i]!]));
  })();
  // A failed compile is tried again by the next message, not kept.
  const pending = compiled;
  pending.catch(() => {
    if (compiled === pending) compiled = null;
  });
  return (await pending).get(keyOf(shape))!;
}

/** Plain text as HTML paragraphs: everything escaped (variables and the merchant's words alike), web links made links. */
function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) =>
      escapeHtml(p)
        .replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}" style="color:#1c7ed6">${url}</a>`)
        .replace(/\n/g, '<br />'),
    )
    .map((p) => `<p style="margin:0 0 14px 0">${p}</p>`)
    .join('\n');
}

/** The email's HTML: its shape's compiled layout with the message's values, every one escaped. */
export async function renderLayout(view: MailView, bodyText: string): Promise<string> {
  const { shopName, shopAddress, order, button } = view.layout;
  const e = escapeHtml;
  const shape = { button: !!button, order: !!order, address: !!order?.shippingAddress.length };
  const html = await layoutHtml(shape);
  const last = order ? order.totals.length - 1 : -1;
  const slots: Record<string, string> = {
    shopName: e(shopName),
    body: paragraphs(bodyText),
    buttonUrl: button ? e(button.url) : '',
    buttonLabel: button ? e(button.label) : '',
    orderName: order ? e(order.name) : '',
    lines: order
      ? order.lines
          .map(
            (l) =>
              `<tr><td style="padding:6px 0">${e(l.title)}${l.detail ? `<br /><span style="color:#868e96">${e(l.detail)}</span>` : ''}</td>` +
              `<td style="padding:6px 8px;text-align:right">× ${l.quantity}</td><td style="padding:6px 0;text-align:right">${e(l.total)}</td></tr>`,
          )
          .join('')
      : '',
    totals: order
      ? order.totals
          .map(
            (t, i) =>
              `<tr><td style="padding:3px 0${i === last ? ';font-weight:bold' : ''}">${e(t.label)}</td>` +
              `<td style="padding:3px 0;text-align:right${i === last ? ';font-weight:bold' : ''}">${e(t.value)}</td></tr>`,
          )
          .join('')
      : '',
    address: order ? order.shippingAddress.map(e).join('<br />') : '',
    footer: `${e(shopName)}${shopAddress ? ` · ${e(shopAddress)}` : ''}`,
  };
  // One pass: a value that happens to contain a slot's letters is not filled in again.
  return html.replace(SLOT, (_m, name: string) => slots[name] ?? '');
}
