/** The station's own settings, kept per browser: each station is one desk with its own printer. */
const PREFIX = 'stockroom.pack.';

export function readSetting(name: string): string | null {
  try {
    return window.localStorage.getItem(PREFIX + name);
  } catch {
    // Storage blocked for the site (privacy modes): the station starts from its defaults.
    return null;
  }
}

export function writeSetting(name: string, value: string): void {
  try {
    window.localStorage.setItem(PREFIX + name, value);
  } catch {
    // Full or blocked storage: the choice lasts until the page is closed.
  }
}

let audio: AudioContext | null = null;

/**
 * A short tone, made by Web Audio (no sound files): a high blip for a good scan, a low double buzz
 * for a refusal, loud enough to hear over a warehouse.
 */
export function playTone(kind: 'ok' | 'error'): void {
  try {
    if (typeof window.AudioContext !== 'function') return;
    audio ??= new window.AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    const tones: [number, number, number][] =
      kind === 'ok'
        ? [[1046, 0, 0.09]]
        : [
            [220, 0, 0.16],
            [165, 0.2, 0.28],
          ];
    for (const [frequency, start, length] of tones) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = kind === 'ok' ? 'sine' : 'square';
      osc.frequency.value = frequency;
      const t = audio.currentTime + start;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(kind === 'ok' ? 0.25 : 0.35, t + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + length + 0.02);
    }
  } catch {
    // No sound (no audio device, a browser that refuses) is no reason to stop packing.
  }
}

async function errorOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: unknown };
    if (typeof body.error === 'string') return body.error;
  } catch {
    // Not JSON: the status says enough.
  }
  return `the server answered ${res.status}`;
}

/**
 * Prints a PDF the server makes, from a hidden frame, so one key press gets paper; where the
 * browser won't print from a frame, the PDF opens in a new tab. Returns why it failed, or null.
 */
export async function printPdf(url: string, title: string, after?: () => void): Promise<string | null> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin' });
  } catch {
    return `The ${title} could not be fetched: check the connection.`;
  }
  if (!res.ok) return `The ${title} could not be made: ${await errorOf(res)}.`;
  if (!(res.headers.get('content-type') ?? '').includes('application/pdf'))
    return `The ${title} could not be made: the server sent no PDF.`;
  const objectUrl = URL.createObjectURL(await res.blob());
  const frame = document.createElement('iframe');
  frame.title = title;
  frame.dataset['packPrint'] = url;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, { position: 'fixed', width: '0', height: '0', border: '0', right: '0' });
  frame.onload = () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      window.open(objectUrl, '_blank', 'noopener');
    }
    // Printing takes the focus into the frame; the next scan belongs to the station's field.
    after?.();
    window.setTimeout(() => {
      frame.remove();
      URL.revokeObjectURL(objectUrl);
    }, 60_000);
  };
  frame.src = objectUrl;
  document.body.appendChild(frame);
  return null;
}
