// Building the page: elements from data, text always as text (never parsed as HTML).

import { pace, subscribe, watch } from './changes.js';

/** An element: h('a', {href: '#/x', class: 'y'}, 'text', child, [more]). */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  Object.entries(attributes || {}).forEach(([name, value]) => {
    if (value === undefined || value === null || value === false) {
      return;
    }
    if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2), value);
    } else if (name === 'dataset') {
      Object.assign(element.dataset, value);
    } else {
      element.setAttribute(name, value === true ? '' : String(value));
    }
  });
  append(element, children);
  return element;
}

function append(element, children) {
  children.flat(Infinity).forEach((child) => {
    if (child === undefined || child === null || child === false) {
      return;
    }
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  });
}

/** Replaces the children of an element. */
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

/** "Timers" → "No timers.", "Tool calls, newest first" → "No tool calls." */
function none(caption) {
  const first = String(caption).split(',')[0];
  return `No ${first.charAt(0).toLowerCase()}${first.slice(1)}.`;
}

/**
 * A table with a caption, a header row and one row per item; without items, one row saying so and
 * what to do next (`empty`: text or elements; by default "No" and the caption's first part).
 */
export function table(caption, columns, items, row, empty = none(caption)) {
  return h('table', {},
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, items.length
      ? items.map(row)
      : h('tr', {}, h('td', { colspan: columns.length, class: 'empty' }, empty))));
}

/** An instant in the viewer's own time zone, with the zone's name: "Dec 1, 2026, 04:30:05 CET". */
export const LOCAL_TIME = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

/**
 * An instant as a <time> element: shown in the browser's time zone, the ISO-8601 UTC instant in its
 * `datetime` and as its tooltip (`title`).
 */
export function time(instant) {
  if (!instant) {
    return '—';
  }
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) {
    return String(instant);
  }
  const utc = date.toISOString();
  return h('time', { datetime: utc, title: utc }, LOCAL_TIME.format(date));
}

/** Copies text to the clipboard: the Clipboard API where the page may use it, else a selection. */
async function toClipboard(text) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // A console reached over plain HTTP by a host name has no Clipboard API.
  const area = h('textarea', { readonly: true, 'aria-hidden': 'true', class: 'offscreen' }, text);
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) {
    throw new Error('the browser refused');
  }
}

/**
 * A small button that copies `text` (an id, a run key), named for screen readers by `label`
 * ("Copy run key"); what came of it is said in the status line.
 */
export function copyButton(text, label) {
  return h('button', {
    type: 'button',
    class: 'copy',
    'aria-label': label,
    title: `${label}: ${text}`,
    dataset: { copy: text },
    onclick: async () => {
      try {
        await toClipboard(text);
        say(`Copied ${text}.`);
      } catch (error) {
        say(`Could not copy ${text}: ${error.message}`, true);
      }
    },
  }, 'Copy');
}

/** "in 4m 12s" / "3m 2s ago", from now. */
export function relative(instant, now = Date.now()) {
  if (!instant) {
    return '—';
  }
  const seconds = Math.round((new Date(instant).getTime() - now) / 1000);
  const span = Math.abs(seconds);
  const parts = [];
  const d = Math.floor(span / 86400);
  const hh = Math.floor((span % 86400) / 3600);
  const m = Math.floor((span % 3600) / 60);
  const s = span % 60;
  if (d) parts.push(`${d}d`);
  if (hh) parts.push(`${hh}h`);
  if (m && !d) parts.push(`${m}m`);
  if (!d && !hh) parts.push(`${s}s`);
  return seconds >= 0 ? `in ${parts.join(' ')}` : `${parts.join(' ')} ago`;
}

/** A countdown to an instant that ticks every second (see tickCountdowns). */
export function countdown(instant) {
  if (!instant) {
    return h('span', {}, '—');
  }
  return h('span', {},
    time(instant), ' ',
    h('span', { class: 'countdown', dataset: { at: instant } }, `(${relative(instant)})`));
}

export function tickCountdowns(root = document) {
  root.querySelectorAll('.countdown').forEach((element) => {
    element.textContent = `(${relative(element.dataset.at)})`;
  });
}

export function json(value) {
  return h('pre', { class: 'json' }, JSON.stringify(value, null, 2));
}

export function badge(text, kind = text) {
  return h('span', { class: `badge badge-${kind}` }, text);
}

/** Tells screen readers and sighted users what just happened. */
export function say(message, error = false) {
  const status = document.getElementById('status');
  status.textContent = message;
  status.classList.toggle('error', error);
}

/**
 * Work of the current page that repeats while the page is shown: every `ms` (or, while the change
 * stream is live, at the console's poll setting), at once when the tab becomes visible again, and
 * soon after a change event the page subscribed to (`push`); stopped for good when the page is
 * left. The first run's failure is the page's (the router shows it); later ones are said in the
 * status line.
 */
export class Live {
  constructor() {
    this.controller = new AbortController();
    this.timers = [];
    this.issued = 0;
  }

  get signal() {
    return this.controller.signal;
  }

  get stopped() {
    return this.signal.aborted;
  }

  /**
   * A ticket for one refresh: whether it is still the newest one of this page, still shown. A
   * response that comes back after a newer request was made (another filter, another page) is
   * dropped instead of drawn over the newer one.
   */
  ticket() {
    this.issued += 1;
    const mine = this.issued;
    return () => mine === this.issued && !this.stopped;
  }

  /** Runs work now (a control, a filter), saying in the status line when it fails. */
  async now(work) {
    try {
      await work();
    } catch (error) {
      if (!this.stopped) {
        say(`Could not refresh: ${error.message}`, true);
      }
    }
  }

  /**
   * Runs `work(everything)` soon after a change event of `types` whose data `match(data, type)`
   * accepts (`everything` is false), or after a reset or reconnection of the stream (true), while
   * the page is shown; events within `delayMs` of the first make one call.
   */
  push(types, match, work, delayMs = undefined) {
    subscribe(types, match, (everything) => {
      if (!this.stopped) this.now(() => work(everything));
    }, this.signal, delayMs);
  }

  async every(ms, work) {
    let running = false;
    const run = async () => {
      if (running || this.stopped || document.hidden) {
        return;
      }
      running = true;
      try {
        await work();
      } catch (error) {
        if (!this.stopped) {
          say(`Could not refresh: ${error.message}`, true);
        }
      } finally {
        running = false;
      }
    };
    running = true;
    try {
      await work();
    } finally {
      running = false;
    }
    if (this.stopped) {
      return;
    }
    let timer;
    const next = () => {
      clearTimeout(timer);
      if (this.stopped) return;
      timer = setTimeout(async () => {
        await run();
        next();
      }, pace(ms));
    };
    this.timers.push(() => clearTimeout(timer));
    next();
    // The stream came up or went down: poll at the pace that goes with it from now on.
    watch(next, this.signal);
    const visible = () => { if (!document.hidden) run(); };
    document.addEventListener('visibilitychange', visible, { signal: this.signal });
  }

  stop() {
    this.timers.forEach((clear) => clear());
    this.controller.abort();
  }
}

const shown = new WeakMap();

/** Fills an element only when the data it shows changed (so focus and open details survive). */
export function refill(element, data, build) {
  const key = JSON.stringify(data);
  if (shown.get(element) !== key) {
    shown.set(element, key);
    fill(element, build());
  }
}
