// Live by push: after sign-in the console holds ONE change event stream (GET /api/events) and
// hands its events to whoever subscribed: the page shown refreshes the view an event touches
// instead of waiting for its next poll. While the stream is live, pages poll only every
// `reveille.console.pollSeconds` seconds (the setting, if given; otherwise at their usual
// interval); while it is refused or down they poll at their usual interval.

import { follow } from './api.js';

/** The console's poll-interval setting (seconds), in localStorage or the address's query. */
export const POLL_SETTING = 'reveille.console.pollSeconds';

const subscribers = new Set();
const watchers = new Set();
let controller = null;
let mode = 'off';

/** The poll interval the operator chose, in milliseconds, or null to keep each page's own. */
export function pollSetting() {
  const fromQuery = new URLSearchParams(location.search).get('pollSeconds');
  let text = fromQuery;
  if (text === null) {
    try {
      text = localStorage.getItem(POLL_SETTING);
    } catch {
      text = null;
    }
  }
  const seconds = Number(text);
  return text !== null && text !== '' && Number.isFinite(seconds) && seconds > 0
    ? seconds * 1000 : null;
}

/** How often a page that would poll every `ms` polls now: seldom while the stream is live. */
export function pace(ms) {
  const chosen = pollSetting();
  return mode === 'live' && chosen !== null ? chosen : ms;
}

/** 'live' while the stream is open, 'polling' while it is refused or down, 'off' signed out. */
export function state() {
  return mode;
}

/** Calls `watcher(state)` whenever the stream's state changes, until `signal` aborts. */
export function watch(watcher, signal) {
  watchers.add(watcher);
  signal?.addEventListener('abort', () => watchers.delete(watcher));
}

function setMode(next) {
  if (next === mode) return;
  const wasLive = mode === 'live';
  mode = next;
  watchers.forEach((watcher) => watcher(mode));
  // Just (re)connected: what changed while the stream was not open may not come as events.
  if (next === 'live' && !wasLive) {
    subscribers.forEach((s) => s.deliver(null, null));
  }
}

/**
 * Hands events of `types` whose data `match(data, type)` accepts to `handler` (many events in
 * `delayMs` make one call), until `signal` aborts. A `reset` event, and a reconnection, reach every
 * subscriber, with `null` for the data: it should reload all it shows.
 */
export function subscribe(types, match, handler, signal, delayMs = 200) {
  let pending = null;
  let full = false;
  const subscriber = {
    types: new Set(types),
    deliver(data, type) {
      if (data !== null && !match(data, type)) return;
      full = full || data === null;
      // The first event sets the time; those that follow within it ride along (a steady flow of
      // events still refreshes every `delayMs`, not never).
      if (pending !== null) return;
      pending = setTimeout(() => {
        const everything = full;
        pending = null;
        full = false;
        handler(everything);
      }, delayMs);
    },
  };
  subscribers.add(subscriber);
  signal.addEventListener('abort', () => {
    clearTimeout(pending);
    subscribers.delete(subscriber);
  });
}

function dispatch(event) {
  if (event.event === 'ready') return;
  if (event.event === 'reset') {
    subscribers.forEach((s) => s.deliver(null, null));
    return;
  }
  let data;
  try {
    data = JSON.parse(event.data);
  } catch {
    return;
  }
  subscribers.forEach((s) => {
    if (s.types.has(event.event)) s.deliver(data, event.event);
  });
}

/** Opens the stream (after sign-in); it reconnects on its own until stopped. */
export function start() {
  stop();
  controller = new AbortController();
  mode = 'polling';
  watchers.forEach((watcher) => watcher(mode));
  follow('/api/events', dispatch, controller.signal,
    (streamState) => setMode(streamState === 'live' ? 'live' : 'polling'));
}

/** Closes the stream (at sign-out). */
export function stop() {
  if (controller) {
    controller.abort();
    controller = null;
  }
  setMode('off');
}
