// The console: sign-in, navigation between pages (#/overview, #/agents, #/agents/{id},
// #/needs-you, #/sessions, #/runs, #/runs/{runKey}, #/broker, #/sites, #/tools, #/templates, #/templates/{id}), the
// signed-in caller's roles, the one change event stream pages follow, and the header's count of
// what needs a person. An address may carry a query after the route (#/runs?status=failed): the
// page's state, which the page reads (`params`) and keeps up to date as it changes; `section`
// names the part of the page to scroll to (#/agents/{id}?section=runs).

import {
  auth, call, exchangePassword, revoke, ApiError,
} from './api.js';
import * as changes from './changes.js';
import { fill, say, tickCountdowns, Live } from './dom.js';
import * as pages from './pages.js';

const view = document.getElementById('view');
let current = null;
let caller = null;
let header = null;

const routes = [
  [/^#\/overview$/, pages.overview],
  [/^#\/agents\/([^/]+)$/, pages.agent],
  [/^#\/agents$/, pages.agents],
  [/^#\/needs-you$/, pages.needsYou],
  [/^#\/sessions\/([^/]+)\/([^/]+)$/, pages.sessions],
  [/^#\/sessions$/, pages.sessions],
  [/^#\/runs\/([^/]+)$/, pages.run],
  [/^#\/runs$/, pages.runs],
  [/^#\/broker$/, pages.broker],
  [/^#\/sites$/, pages.sites],
  [/^#\/tools$/, pages.tools],
  [/^#\/templates\/([^/]+)$/, pages.template],
  [/^#\/templates$/, pages.templates],
];

const liveState = document.getElementById('live-state');
changes.watch((state) => {
  liveState.textContent = state === 'live' ? 'updates: live' : 'updates: polling';
  liveState.dataset.state = state;
});

/** The header's count of what waits for a person, kept fresh by events and by polling. */
function followNeedsYou() {
  const count = document.getElementById('needs-you-count');
  const link = document.getElementById('nav-needs-you');
  const live = new Live();
  const refresh = async () => {
    try {
      const needs = await call('GET', '/api/needs-you?limit=1');
      if (live.stopped) return;
      const waiting = pages.waitingCount(needs.data);
      count.textContent = String(waiting);
      count.hidden = waiting === 0;
      link.title = `${waiting} waiting for a person`;
    } catch {
      // The count stays as it was; the next poll or event tries again.
    }
  };
  live.push(['proposal', 'run'], () => true, refresh);
  live.every(15000, refresh);
  return live;
}

function show(signedIn) {
  document.getElementById('sign-in').hidden = signedIn;
  document.getElementById('nav').hidden = !signedIn;
  document.getElementById('who').hidden = !signedIn;
  view.hidden = !signedIn;
}

/** The route of an address and its query: '#/runs?status=failed' → ['#/runs', {status}]. */
function splitHash(address) {
  const hash = /^#\//.test(address) ? address : '#/agents';
  const mark = hash.indexOf('?');
  return mark < 0
    ? [hash, new URLSearchParams()]
    : [hash.slice(0, mark), new URLSearchParams(hash.slice(mark + 1))];
}

/** Scrolls to the part of the page the address's `section` names, once the page has drawn it. */
function reveal(params) {
  const section = params.get('section');
  if (!section) return;
  const target = [section, `agent-${section}`, `run-${section}`]
    .map((id) => document.getElementById(id))
    .find((element) => element && view.contains(element));
  target?.scrollIntoView({ block: 'start' });
}

let shownPath = null;
let shownQuery = null;

function route() {
  if (!caller) {
    return;
  }
  const [hash, params] = splitHash(location.hash);
  // Only the section changed: the page stays, scrolled to it.
  const rest = new URLSearchParams(params);
  rest.delete('section');
  if (current && hash === shownPath && rest.toString() === shownQuery) {
    reveal(params);
    return;
  }
  shownPath = hash;
  shownQuery = rest.toString();
  if (current) {
    current.stop();
  }
  const live = new Live();
  current = live;
  const page = hash.split('/')[1];
  document.querySelectorAll('#nav a').forEach((link) => {
    if (link.dataset.page === page) {
      link.setAttribute('aria-current', 'page');
    } else {
      link.removeAttribute('aria-current');
    }
  });
  let render = pages.agents;
  let args = [];
  for (const [pattern, page] of routes) {
    const match = pattern.exec(hash);
    if (match) {
      render = page;
      args = match.slice(1);
      break;
    }
  }
  fill(view);
  say('');
  let decoded;
  try {
    decoded = args.map(decodeURIComponent);
  } catch (error) {
    fill(view, pages.failure(new Error(`not an address of this console: ${hash}`)));
    return;
  }
  // The page keeps its state in the address, without a new history entry or a new render.
  const address = (state) => {
    if (live !== current) return;
    const query = new URLSearchParams();
    Object.entries(state).forEach(([name, value]) => {
      if (value !== undefined && value !== null && value !== '') query.set(name, value);
    });
    shownQuery = query.toString();
    history.replaceState(null, '', shownQuery ? `${hash}?${shownQuery}` : hash);
  };
  render(...decoded)({
    root: view, live, caller, params, address,
  }).then(() => {
    if (live === current) reveal(params);
  }, (error) => {
    // Only the page still shown may show its failure.
    if (live === current) {
      fill(view, pages.failure(error));
    }
  });
}

async function signIn(authorization, issued) {
  const me = (await call('GET', '/api/me', { authorization })).data;
  auth.keep(authorization, issued);
  caller = {
    name: me.name,
    roles: new Set(me.roles),
    may: (role) => me.roles.includes(role),
  };
  document.getElementById('who-name').textContent = `${me.name} (${me.roles.filter((r) => r !== 'producer').join(', ')})`;
  show(true);
  changes.start();
  header = followNeedsYou();
  route();
}

function signOut(message = 'Signed out.', revoking = false) {
  if (revoking) {
    revoke(auth.header, auth.session);
  }
  auth.forget();
  caller = null;
  changes.stop();
  if (header) {
    header.stop();
    header = null;
  }
  if (current) {
    current.stop();
    current = null;
  }
  fill(view);
  show(false);
  document.getElementById('sign-in-password').value = '';
  document.getElementById('sign-in-token').value = '';
  say(message);
  document.getElementById('sign-in-user').focus();
}

document.getElementById('sign-in-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const error = document.getElementById('sign-in-error');
  error.textContent = '';
  const token = document.getElementById('sign-in-token').value.trim();
  const user = document.getElementById('sign-in-user').value;
  const password = document.getElementById('sign-in-password').value;
  if (!token && (!user || !password)) {
    error.textContent = 'Enter a user and a password, or a bearer token.';
    return;
  }
  try {
    if (token) {
      await signIn(auth.bearer(token), null);
    } else {
      const { header, issued } = await exchangePassword(user, password);
      await signIn(header, issued);
    }
    document.getElementById('sign-in-password').value = '';
  } catch (failure) {
    error.textContent = failure instanceof ApiError && failure.status === 401
      ? 'Those credentials were not accepted.'
      : failure instanceof ApiError && failure.status === 403
        ? 'This user may not use the console (it needs the viewer role at least).'
        : `Could not sign in: ${failure.message}`;
  }
});
document.getElementById('sign-out').addEventListener('click', () => signOut('Signed out.', true));
auth.whenSignedOut((message) => signOut(message));
window.addEventListener('hashchange', route);
setInterval(() => tickCountdowns(view), 1000);

if (auth.header) {
  signIn(auth.header).catch(() => signOut('Sign in to continue.'));
} else {
  show(false);
}
