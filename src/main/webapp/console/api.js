// The console's only way to the server: the API under /api, with the signed-in user's
// credentials on every request. The credentials live in this tab's sessionStorage (gone when the
// tab closes, never in a cookie), so the browser never sends them on its own.

const CREDENTIALS = 'reveille.console.authorization';

export class ApiError extends Error {
  constructor(status, problem) {
    super(problem?.detail || problem?.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem || {};
  }
}

let onSignedOut = () => {};

export const auth = {
  get header() {
    return sessionStorage.getItem(CREDENTIALS);
  },
  basic(user, password) {
    const bytes = new TextEncoder().encode(`${user}:${password}`);
    let binary = '';
    bytes.forEach((b) => { binary += String.fromCharCode(b); });
    return `Basic ${btoa(binary)}`;
  },
  bearer(token) {
    return `Bearer ${token.trim()}`;
  },
  keep(header) {
    sessionStorage.setItem(CREDENTIALS, header);
  },
  forget() {
    sessionStorage.removeItem(CREDENTIALS);
  },
  whenSignedOut(callback) {
    onSignedOut = callback;
  },
};

function headers(extra, authorization = auth.header) {
  const all = { Accept: 'application/json', ...extra };
  if (authorization) {
    all.Authorization = authorization;
  }
  return all;
}

/** The URL of rel="next" in a Link header, if any. */
function nextLink(link) {
  if (!link) {
    return null;
  }
  const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(link);
  return match ? match[1] : null;
}

/**
 * One request. Resolves to {data, next, etag}; rejects with an ApiError carrying the problem
 * document. A 401 means the credentials stopped working: the console signs out.
 */
export async function call(method, path, { body, authorization, headers: extra } = {}) {
  const init = {
    method,
    headers: headers(extra, authorization ?? auth.header),
    cache: 'no-store',
    // Never the browser's own credentials (and so never its Basic prompt): only ours.
    credentials: 'omit',
  };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  if (!response.ok) {
    let problem = {};
    try {
      problem = await response.json();
    } catch {
      // not a problem document
    }
    if (response.status === 401 && authorization === undefined) {
      auth.forget();
      onSignedOut('Your credentials were not accepted any more; sign in again.');
    }
    throw new ApiError(response.status, problem);
  }
  const type = response.headers.get('Content-Type') || '';
  const data = response.status === 204 ? null
    : type.includes('json') ? await response.json() : await response.text();
  return { data, next: nextLink(response.headers.get('Link')), etag: response.headers.get('ETag') };
}

export const get = async (path) => (await call('GET', path)).data;
export const post = async (path, body) => (await call('POST', path, { body })).data;
export const del = async (path) => (await call('DELETE', path)).data;

/** A path with its query; empty values are left out. */
export function query(path, params) {
  const search = new URLSearchParams();
  Object.entries(params).forEach(([name, value]) => {
    if (value !== undefined && value !== null && value !== '') {
      search.set(name, value);
    }
  });
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Splits a server-sent event stream's text into events ({id, event, data}); returns the rest. */
export function parseEvents(text, emit) {
  const blocks = text.split(/\r?\n\r?\n/);
  const rest = blocks.pop();
  blocks.forEach((block) => {
    const event = { event: 'message', data: [] };
    block.split(/\r?\n/).forEach((line) => {
      if (!line || line.startsWith(':')) {
        return;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') {
        event.data.push(value);
      } else if (field === 'id' || field === 'event') {
        event[field] = value;
      }
    });
    if (event.data.length) {
      emit({ ...event, data: event.data.join('\n') });
    }
  });
  return rest;
}

/**
 * Follows a server-sent event stream with our credentials (EventSource cannot send them),
 * reconnecting with Last-Event-ID until the signal aborts, so no event is missed or repeated.
 */
export async function follow(path, onEvent, signal, onState = () => {}) {
  let lastEventId = null;
  while (!signal.aborted) {
    try {
      const extra = { Accept: 'text/event-stream' };
      if (lastEventId) {
        extra['Last-Event-ID'] = lastEventId;
      }
      const response = await fetch(path, {
        headers: headers(extra), cache: 'no-store', credentials: 'omit', signal,
      });
      if (!response.ok) {
        throw new ApiError(response.status, {});
      }
      onState('live');
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          break;
        }
        buffer = parseEvents(buffer + value, (event) => {
          if (event.id) {
            lastEventId = event.id;
          }
          onEvent(event);
        });
      }
    } catch (error) {
      if (signal.aborted) {
        return;
      }
      onState(error instanceof ApiError && error.status === 401 ? 'refused' : 'reconnecting');
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        return;
      }
    }
    await new Promise((resolve) => { setTimeout(resolve, 1000); });
  }
}
