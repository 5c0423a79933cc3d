// The console's only way to the server: the API under /api, with the signed-in user's token on
// every request. A password is sent once, to exchange it for a short-lived session token, and never
// kept; the console renews the token while the operator works and revokes it at sign-out. The token
// (or a bearer token from an identity provider, used as it is) lives in this tab's sessionStorage
// (gone when the tab closes, never in a cookie), so the browser never sends it on its own.

const CREDENTIALS = 'reveille.console.authorization';
// When to renew the session token and whether it can be renewed at all (no secret).
const SESSION = 'reveille.console.session';
// Renewal is tried this often once due, and only if the operator did something since the last one.
const RENEWAL_CHECK_MS = 15000;

let lastActivity = Date.now();
['pointerdown', 'keydown'].forEach((type) => {
  document.addEventListener(type, () => { lastActivity = Date.now(); }, { capture: true, passive: true });
});

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
  /**
   * Keeps the Authorization header; for a session token ({token, issuedAt, ...}) its timing too,
   * null for a token that is not ours, undefined to leave the timing as it is.
   */
  keep(header, issued) {
    sessionStorage.setItem(CREDENTIALS, header);
    if (issued) {
      // Server times only as a difference, so that a wrong clock here changes nothing.
      const lifetime = Date.parse(issued.expiresAt) - Date.parse(issued.issuedAt);
      const now = Date.now();
      sessionStorage.setItem(SESSION, JSON.stringify({
        receivedAt: now,
        renewAt: now + lifetime / 2,
        renewable: Date.parse(issued.expiresAt) < Date.parse(issued.renewableUntil),
      }));
    } else if (issued === null) {
      sessionStorage.removeItem(SESSION);
    }
  },
  get session() {
    try {
      return JSON.parse(sessionStorage.getItem(SESSION));
    } catch {
      return null;
    }
  },
  forget() {
    sessionStorage.removeItem(CREDENTIALS);
    sessionStorage.removeItem(SESSION);
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

/**
 * Signs in with a password: exchanges it, once, for a session token, which is what the console
 * keeps. Resolves to the Authorization header to use and the issued token's details.
 */
export async function exchangePassword(user, password) {
  const issued = (await call('POST', '/api/session-tokens', {
    body: {}, authorization: auth.basic(user, password),
  })).data;
  return { header: auth.bearer(issued.token), issued };
}

/**
 * Renews the session token when half its life has passed and the operator did something since it
 * was issued: a console left alone signs out when its token expires, one in use stays signed in
 * up to the session's renewal limit.
 */
async function renewIfDue() {
  const session = auth.session;
  const header = auth.header;
  if (!session || !header || !session.renewable || Date.now() < session.renewAt
    || lastActivity < session.receivedAt) {
    return;
  }
  try {
    const issued = (await call('POST', '/api/session-tokens/renewal')).data;
    if (auth.header === header) {
      auth.keep(auth.bearer(issued.token), issued);
    }
  } catch {
    // A 401 has signed the console out already; anything else is tried again on the next check.
  }
}
setInterval(renewIfDue, RENEWAL_CHECK_MS);

/** Revokes the session token, if the console holds one; the server then refuses it everywhere. */
export async function revoke(header, session) {
  if (!header || !session) {
    return;
  }
  try {
    await call('DELETE', '/api/session-tokens/current', { authorization: header });
  } catch {
    // Expired or revoked already: nothing is left to revoke.
  }
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
 * reconnecting with Last-Event-ID until the signal aborts, so no event is missed or repeated. A
 * refused or failed connection is tried again after a pause that doubles up to half a minute.
 */
export async function follow(path, onEvent, signal, onState = () => {}) {
  let lastEventId = null;
  let pause = 1000;
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
      pause = 1000;
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
      pause = Math.min(pause * 2, 30000);
    }
    await new Promise((resolve) => { setTimeout(resolve, pause); });
  }
}
