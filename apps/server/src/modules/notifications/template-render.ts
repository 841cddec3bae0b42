import type { Liquid } from 'liquidjs';
import {
  MAX_TEMPLATE_BODY_LENGTH,
  MAX_TEMPLATE_SUBJECT_LENGTH,
  type NotificationTemplateKind,
  type UserError,
} from '@stockroom/domain';
import type { MailView } from './mail-view.js';
import { TEMPLATE_VARIABLES } from './template-defaults.js';

/** One email as it is sent (or kept): the subject, the HTML part and the text part. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

// The renderers load on the first email, not at start: a store that sends none never pays for them.
let engines: Promise<{ lenient: Liquid; strict: Liquid; mjml: MjmlRender }> | undefined;
type MjmlRender = (input: string, options: { validationLevel: 'soft' }) => Promise<{ html: string }>;

function renderers() {
  engines ??= (async () => {
    const [{ Liquid: LiquidEngine }, mjmlModule] = await Promise.all([import('liquidjs'), import('mjml')]);
    // A merchant's template is bounded: no includes or layouts from disk, limited size and time.
    const options = {
      ownPropertyOnly: true,
      strictFilters: true,
      parseLimit: 100_000,
      renderLimit: 1_000,
      memoryLimit: 10_000_000,
      relativeReference: false,
      root: [],
      partials: [],
      layouts: [],
    };
    return {
      lenient: new LiquidEngine(options),
      strict: new LiquidEngine({ ...options, strictVariables: true }),
      mjml: mjmlModule.default,
    };
  })();
  return engines;
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

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
    .map((p) => `<mj-text padding="0 0 14px 0">${p}</mj-text>`)
    .join('\n');
}

function layoutMjml(view: MailView, bodyText: string): string {
  const { shopName, shopAddress, order, button } = view.layout;
  const e = escapeHtml;
  const lines = order
    ? order.lines
        .map(
          (l) =>
            `<tr><td style="padding:6px 0">${e(l.title)}${l.detail ? `<br /><span style="color:#868e96">${e(l.detail)}</span>` : ''}</td>` +
            `<td style="padding:6px 8px;text-align:right">× ${l.quantity}</td><td style="padding:6px 0;text-align:right">${e(l.total)}</td></tr>`,
        )
        .join('')
    : '';
  const totals = order
    ? order.totals
        .map(
          (t, i) =>
            `<tr><td style="padding:3px 0${i === order.totals.length - 1 ? ';font-weight:bold' : ''}">${e(t.label)}</td>` +
            `<td style="padding:3px 0;text-align:right${i === order.totals.length - 1 ? ';font-weight:bold' : ''}">${e(t.value)}</td></tr>`,
        )
        .join('')
    : '';
  return `<mjml>
  <mj-head>
    <mj-title>${e(shopName)}</mj-title>
    <mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text font-size="15px" line-height="22px" color="#212529" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f1f3f5">
    <mj-section padding="24px 0 8px 0"><mj-column><mj-text font-size="20px" font-weight="bold">${e(shopName)}</mj-text></mj-column></mj-section>
    <mj-section background-color="#ffffff" padding="24px"><mj-column>
${paragraphs(bodyText)}
${button ? `<mj-button href="${e(button.url)}" background-color="#1c7ed6" align="left">${e(button.label)}</mj-button>` : ''}
    </mj-column></mj-section>
${
  order
    ? `    <mj-section background-color="#ffffff" padding="0 24px 24px 24px"><mj-column>
      <mj-divider border-width="1px" border-color="#dee2e6" />
      <mj-text font-weight="bold">Order ${e(order.name)}</mj-text>
      <mj-table>${lines}</mj-table>
      <mj-divider border-width="1px" border-color="#dee2e6" />
      <mj-table>${totals}</mj-table>
${order.shippingAddress.length ? `      <mj-text><strong>Shipping to</strong><br />${order.shippingAddress.map(e).join('<br />')}</mj-text>` : ''}
    </mj-column></mj-section>`
    : ''
}
    <mj-section padding="12px 0"><mj-column><mj-text font-size="12px" color="#868e96">${e(shopName)}${shopAddress ? ` · ${e(shopAddress)}` : ''}</mj-text></mj-column></mj-section>
  </mj-body>
</mjml>`;
}

function textPart(view: MailView, bodyText: string): string {
  const { shopName, shopAddress, order, button } = view.layout;
  const parts = [bodyText.trim()];
  if (button && !bodyText.includes(button.url)) parts.push(`${button.label}: ${button.url}`);
  if (order) {
    const rows = order.lines.map(
      (l) => `${l.quantity} × ${l.title}${l.detail ? ` (${l.detail})` : ''}  ${l.total}`,
    );
    const totals = order.totals.map((t) => `${t.label}: ${t.value}`);
    parts.push([`Order ${order.name}`, ...rows, '', ...totals].join('\n'));
    if (order.shippingAddress.length) parts.push(['Shipping to', ...order.shippingAddress].join('\n'));
  }
  parts.push(`--\n${[shopName, shopAddress].filter(Boolean).join('\n')}`);
  return `${parts.join('\n\n')}\n`;
}

/** A subject is one line of at most 200 characters. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, MAX_TEMPLATE_SUBJECT_LENGTH);

/** Renders a template on a message's facts: HTML (MJML layout, every value escaped) and text. */
export async function renderMail(
  template: { subject: string; body: string },
  view: MailView,
): Promise<RenderedMail> {
  const { lenient, mjml } = await renderers();
  const subject: unknown = await lenient.parseAndRender(template.subject, view.vars);
  const body: unknown = await lenient.parseAndRender(template.body, view.vars);
  const { html } = await mjml(layoutMjml(view, String(body)), { validationLevel: 'soft' });
  return { subject: oneLine(String(subject)), html, text: textPart(view, String(body)) };
}

/** What Liquid says is wrong, without its own location words doubled. */
function liquidProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const undefinedVar = /undefined variable: ([^,\s]+)/.exec(message);
  if (undefinedVar) return `{{ ${undefinedVar[1]} }}, which is not one of this message’s variables`;
  const filter = /undefined filter: ([^,\s]+)/.exec(message);
  if (filter) return `“${filter[1]}” is not a filter Liquid knows`;
  return message
    .replace(/\s*,?\s*line:\s*\d+,\s*col:\s*\d+.*$/s, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function lineOf(error: unknown): string {
  const m = /line:\s*(\d+)/.exec(error instanceof Error ? error.message : '');
  return m ? ` (line ${m[1]})` : '';
}

/**
 * A template as notificationTemplateUpdate takes it: required, within limits, Liquid that reads,
 * and only the variables its kind has (checked by rendering it, strictly, on made-up facts).
 */
export async function templateProblems(
  kind: NotificationTemplateKind,
  template: { subject: string; body: string },
  sample: MailView,
): Promise<UserError[]> {
  const errors: UserError[] = [];
  const fields = [
    { key: 'subject' as const, max: MAX_TEMPLATE_SUBJECT_LENGTH, words: 'subject' },
    { key: 'body' as const, max: MAX_TEMPLATE_BODY_LENGTH, words: 'body' },
  ];
  const { strict } = await renderers();
  for (const { key, max, words } of fields) {
    const value = template[key];
    if (!value.trim()) {
      errors.push({ code: 'REQUIRED', message: `Write the ${words}.`, field: [key] });
      continue;
    }
    if (value.length > max) {
      errors.push({
        code: 'TOO_LONG',
        message: `Keep the ${words} to ${max.toLocaleString('en-US')} characters.`,
        field: [key],
      });
      continue;
    }
    try {
      await strict.parseAndRender(value, sample.vars);
    } catch (error) {
      const names = TEMPLATE_VARIABLES[kind].map((v) => v.name).join(', ');
      const problem = liquidProblem(error);
      errors.push({
        code: 'INVALID',
        message: problem.includes('variables')
          ? `The ${words} uses ${problem}${lineOf(error)}. It can use: ${names}.`
          : `The ${words} can’t be read: ${problem}${lineOf(error)}.`,
        field: [key],
      });
    }
  }
  return errors;
}
