// The console's pages. Each is a function of its route's parameters that returns a renderer of
// {root, live, caller}; `live` repeats the page's refresh while the page is shown.

import { ApiError, call, del, follow, get, post, query } from './api.js';
import {
  badge, copyButton, countdown, fill, h, json, refill, say, table, time,
} from './dom.js';
import {
  inDoubtResolution, proposalDecision, questionAnswer, runControls, subscriptionDelete,
  subscriptionForm, timerDelete, timerEdit, timerForm,
} from './decisions.js';
import { parse, summariseCall, summariseMessage } from './summaries.js';
import * as charts from './charts.js';

const PAGE = 25;

let wireValues;

/**
 * The server's lists of wire values by enum name (GET /api/meta/enums), fetched once per load of
 * the console: the filters offer exactly what the server accepts, and the console keeps no copies.
 */
function enums() {
  wireValues ??= get('/api/meta/enums').catch((error) => {
    wireValues = undefined;
    throw error;
  });
  return wireValues;
}

const enc = encodeURIComponent;

export function failure(error) {
  const text = error instanceof ApiError && error.status === 404
    ? 'Not found: it may have been deleted.'
    : `Could not load this page: ${error.message}`;
  return h('p', { class: 'error', role: 'alert' }, text);
}

function select(id, label, values, value, onChange) {
  return h('span', { class: 'field' },
    h('label', { for: id }, label),
    h('select', { id, onchange: (e) => onChange(e.target.value) },
      h('option', { value: '' }, 'any'),
      values.map((v) => h('option', { value: v, selected: v === value }, v))));
}

function input(id, label, attributes, onChange) {
  let pending;
  return h('span', { class: 'field' },
    h('label', { for: id }, label),
    h('input', {
      id,
      ...attributes,
      oninput: (e) => {
        clearTimeout(pending);
        pending = setTimeout(() => onChange(e.target.value), 300);
      },
    }));
}

/** Previous / next over a paged list; `state.offset` moves by `state.limit`. */
function pager(state, more, go, label) {
  return h('nav', { class: 'pager', 'aria-label': `${label} pages` },
    h('button', {
      type: 'button',
      disabled: state.offset === 0,
      onclick: () => { state.offset = Math.max(0, state.offset - state.limit); go(); },
    }, 'Previous'),
    h('span', {}, `${state.offset + 1}–${state.offset + state.limit}`),
    h('button', {
      type: 'button',
      disabled: !more,
      onclick: () => { state.offset += state.limit; go(); },
    }, 'Next'));
}

/** Runs an action from a control, saying what came of it. */
async function act(label, work, after) {
  try {
    await work();
    say(`${label}: done.`);
  } catch (error) {
    say(`${label} failed: ${error.message}`, true);
  }
  if (after) {
    await after();
  }
}

/** A modal question; resolves to whether the user confirmed. */
function confirmDialog(title, text, confirmLabel) {
  return new Promise((resolve) => {
    const dialog = h('dialog', { 'aria-labelledby': 'confirm-title', class: 'confirm' },
      h('form', { method: 'dialog' },
        h('h2', { id: 'confirm-title' }, title),
        h('p', {}, text),
        h('div', { class: 'actions' },
          h('button', { value: 'cancel', autofocus: true }, 'Cancel'),
          h('button', { value: 'confirm', class: 'danger', id: 'confirm-yes' }, confirmLabel))));
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'confirm');
      dialog.remove();
    });
    document.body.append(dialog);
    dialog.showModal();
  });
}

function nextWake(activity) {
  if (!activity) {
    return '—';
  }
  const now = Date.now();
  const candidates = [
    ['timer', activity.scheduledWakeAt],
    ['throttle', activity.nextWakeAt],
  ].filter(([, at]) => at && new Date(at).getTime() > now)
    .sort((a, b) => new Date(a[1]) - new Date(b[1]));
  if (!candidates.length) {
    return '—';
  }
  const [which, at] = candidates[0];
  return h('span', {}, `${which}: `, countdown(at));
}

// ---- Overview ----------------------------------------------------------------------------------

/** A run status's place in the chart palette (console.css --chart-1 …, counted from 0). */
const STATUS_COLOURS = {
  queued: 5, started: 1, waiting: 4, completed: 2, skipped: 7, failed: 3, cancelled: 6,
};

/**
 * The last hour of the run log in pictures (GET /api/runs/stats): runs per minute by reason and by
 * status, the wait from queued to started and a timer run's lateness; the agents that spent the
 * most tokens in the last day and the broker's queue depths, as tables with bars. Redrawn at most
 * every 5 s on run and queue events, and every 30 s regardless.
 */
export function overview() {
  return async ({ root, live }) => {
    const { wakeReason, wakeStatus } = await enums();
    const count = (v) => String(Math.round(v));
    const chart = (id, caption, options) => charts.timeChart({ id, caption, signal: live.signal, ...options });
    const byReason = chart('chart-runs-by-reason', 'Runs per minute by reason', { stacked: true, format: count });
    const byStatus = chart('chart-runs-by-status', 'Runs per minute by status', { stacked: true, format: count });
    const startWait = chart('chart-start-wait', 'Wait from queued to started (p50, p95)', { format: charts.duration });
    const lateness = chart('chart-timer-lateness', 'Timer runs started late by (p50, p95)', { format: charts.duration });
    const summary = h('p', { class: 'meta', id: 'overview-summary' });
    const tokens = h('section', { id: 'overview-tokens' });
    const queues = h('section', { id: 'overview-queues' });
    const latest = h('section', { id: 'overview-latest' });
    fill(root,
      h('h1', {}, 'Overview'),
      summary,
      h('div', { class: 'charts' }, byReason.element, byStatus.element, startWait.element, lateness.element),
      h('div', { class: 'columns' }, tokens, queues),
      latest);
    const refresh = async () => {
      const current = live.ticket();
      const [stats, depths, newest] = await Promise.all([
        get('/api/runs/stats?minutes=60&topAgents=10'),
        get('/api/broker/queues').catch((error) => error),
        get('/api/runs?limit=8'),
      ]);
      if (!current()) return;
      const times = stats.minutes.map((m) => new Date(m.minute).getTime() / 1000);
      // Only the keys with a run in the hour, each in a colour of its own: a status in the one that
      // says it (completed green, failed red), a reason in that of its place in the server's list.
      const split = (keys, field, colours = {}) => keys.map((key, i) => ({
        label: key, colour: colours[key] ?? i, values: stats.minutes.map((m) => m[field][key] ?? 0),
      })).filter((s) => s.values.some((v) => v > 0));
      // A minute without a value is a gap in the line (null), not a point to join across.
      const percentiles = (field) => [
        { label: 'p50', colour: 0, values: stats.minutes.map((m) => m[`${field}P50Millis`] ?? null) },
        { label: 'p95', colour: 1, values: stats.minutes.map((m) => m[`${field}P95Millis`] ?? null) }];
      const total = stats.minutes.reduce((sum, m) => sum + Object.values(m.byReason).reduce((a, b) => a + b, 0), 0);
      summary.textContent = `${total} runs queued from ${new Date(stats.from).toLocaleTimeString()} to `
        + `${new Date(stats.to).toLocaleTimeString()}${stats.truncated ? ' (only the newest counted)' : ''}.`;
      byReason.update(times, split(wakeReason, 'byReason'));
      byStatus.update(times, split(wakeStatus, 'byStatus', STATUS_COLOURS));
      startWait.update(times, percentiles('startWait'));
      lateness.update(times, percentiles('timerLateness'));
      refill(tokens, stats.tokens, () => charts.barTable('Top agents by tokens, last 24 hours',
        ['Agent', 'Tokens in', 'Tokens out', 'Total'], stats.tokens, (a) => [
          h('td', {}, h('a', { href: `#/agents/${enc(a.agentId)}` }, a.displayName || a.agentId)),
          h('td', { class: 'number' }, a.inputTokens),
          h('td', { class: 'number' }, a.outputTokens),
          h('td', { class: 'number' }, a.inputTokens + a.outputTokens)],
        (a) => a.inputTokens + a.outputTokens));
      refill(queues, depths instanceof Error ? depths.message : depths, () => (depths instanceof Error
        ? h('p', { class: 'error' }, `Queue depths: ${depths.message}`)
        : charts.barTable('Queue depths now', ['Queue', 'Messages'], depths, (q) => [
          h('td', {}, h('code', {}, q.name)),
          h('td', { class: 'number' }, q.messageCount)], (q) => q.messageCount)));
      refill(latest, newest, () => runTable('The latest runs, newest first', newest, true,
        'No runs yet: no agent has woken. Wake one from its page, or wait for a timer or a change an agent subscribes to.'));
    };
    live.push(['run', 'queues'], () => true, refresh, 5000);
    await live.every(30000, refresh);
  };
}

// ---- Agents ------------------------------------------------------------------------------------

export function agents() {
  return async ({
    root, live, caller, params, address,
  }) => {
    const { agentLifecycle, agentKind } = await enums();
    // The filters come from the address (#/agents?lifecycle=dormant&name=...) and go back to it.
    const state = {
      lifecycle: params.get('lifecycle') ?? '',
      kind: params.get('kind') ?? '',
      name: params.get('name') ?? '',
      offset: 0,
      limit: PAGE,
    };
    const results = h('div', { id: 'agents-results' });
    let listed = new Set();
    const go = () => live.now(refresh);
    const refresh = async () => {
      const current = live.ticket();
      const page = await call('GET', query('/api/agents', {
        lifecycle: state.lifecycle, kind: state.kind, name: state.name,
        offset: state.offset, limit: state.limit,
      }));
      if (!current()) return;
      listed = new Set(page.data.map((a) => a.id));
      refill(results, { page: page.data, next: page.next, offset: state.offset }, () => [
        table('Agents, newest first', ['Name', 'Kind', 'Lifecycle', 'Mode', 'Last wake',
          'Next wake', 'Failure streak', 'Runs'], page.data, (a) => h('tr', {},
          h('td', {}, h('a', { href: `#/agents/${enc(a.id)}` }, a.displayName)),
          h('td', {}, a.kind),
          h('td', {}, badge(a.lifecycle)),
          h('td', {}, a.mode),
          h('td', {}, time(a.activity?.lastWakeAt)),
          h('td', {}, nextWake(a.activity)),
          h('td', { class: 'number' }, a.activity?.consecutiveFailureCount ?? '—'),
          h('td', { class: 'number' }, a.activity?.runCount ?? '—')),
        state.lifecycle || state.kind || state.name
          ? 'No agent matches these filters. Clear a filter to see more.'
          : ['No agents yet. Create one from a template on the ',
            h('a', { href: '#/templates' }, 'Templates'), ' page, or with POST /api/agents.']),
        pager(state, Boolean(page.next), go, 'Agent list')]);
    };
    const change = (field) => (value) => {
      state[field] = value;
      state.offset = 0;
      address({ lifecycle: state.lifecycle, kind: state.kind, name: state.name });
      go();
    };
    fill(root,
      h('h1', {}, 'Agents'),
      h('form', { class: 'filters', role: 'search', onsubmit: (e) => e.preventDefault() },
        select('filter-lifecycle', 'Lifecycle', agentLifecycle, state.lifecycle, change('lifecycle')),
        select('filter-kind', 'Kind', agentKind, state.kind, change('kind')),
        input('filter-name', 'Name contains', { type: 'search', maxlength: 200, value: state.name }, change('name'))),
      caller.may('operator') ? newTaskAgent() : null,
      results);
    // Any agent's change may add it to the list or move it; a run only changes its agent's row.
    live.push(['agent', 'run'], (data, type) => type === 'agent' || listed.has(data.agentId), refresh);
    await live.every(3000, refresh);
  };
}

function newTaskAgent() {
  const task = h('input', { id: 'new-task-agent-task', required: true, maxlength: 64 });
  return h('form', {
    class: 'inline',
    id: 'new-task-agent',
    onsubmit: async (event) => {
      event.preventDefault();
      await act('Create task agent', async () => {
        const created = await post(`/api/tasks/${enc(task.value.trim())}/agent`);
        location.hash = `#/agents/${enc(created.id)}`;
      });
    },
  },
  h('label', { for: 'new-task-agent-task' }, 'New task agent for task id'),
  task,
  h('button', { type: 'submit' }, 'Create task agent'));
}

// ---- One agent ---------------------------------------------------------------------------------

export function agent(id) {
  return async ({ root, live, caller }) => {
    const { agentMessageKind } = await enums();
    const base = `/api/agents/${enc(id)}`;
    const filter = { kind: '', threadId: '' };
    const open = new Set();
    const sections = {};
    ['header', 'controls', 'state', 'report', 'observations', 'activity', 'tool-calls',
      'subscriptions', 'timers', 'runs'].forEach((name) => {
      sections[name] = h('section', { id: `agent-${name}`, 'aria-live': 'off' });
    });
    let signature = '';
    let fullAt = 0;
    const strip = h('section', { id: 'agent-wake-strip-section' });
    const operator = caller.may('operator');

    /** Re-renders a section only when its data changed, so open details and focus stay. */
    const render = (name, data, build) => refill(sections[name], data, () => build(data));

    const load = async (force) => {
      const current = live.ticket();
      const [agentResponse, stateData, newest] = await Promise.all([
        call('GET', base), get(`${base}/state`), get(`${base}/messages?limit=1`),
      ]);
      if (!current()) return;
      const a = agentResponse.data;
      const now = `${a.version}:${stateData.version}:${newest.items[0]?.id || ''}`;
      render('header', a, () => header(a));
      render('controls', { lifecycle: a.lifecycle, mode: a.mode, roles: [...caller.roles] },
        () => controls(a, caller, reload));
      render('state', { stateData, activity: a.activity },
        () => stateSection(stateData, a.activity));
      if (!force && now === signature && Date.now() - fullAt < 10000) {
        return;
      }
      signature = now;
      fullAt = Date.now();
      const report = get(`${base}/report`).catch((error) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      });
      const [r, observations, activity, calls, subscriptions, timers, runs] = await Promise.all([
        report,
        get(`${base}/messages?kind=observation&content=true&limit=50`),
        get(query(`${base}/messages`, { ...filter, content: true, limit: 50 })),
        get(`${base}/tool-calls?limit=50`),
        get(`${base}/subscriptions`),
        get(`${base}/timers`),
        // The newest 100 runs draw the wake strip; the newest 20 of them fill the runs table.
        get(`${base}/wakes?limit=100`),
      ]);
      if (!current()) return;
      render('report', r, () => reportSection(r));
      render('observations', observations, () => h('div', {},
        h('h2', {}, 'Observations'),
        messageList('observation-list', observations.items, open)));
      render('activity', activity, () => messageList('activity-log', activity.items, open));
      render('tool-calls', calls, () => toolCallsSection(calls));
      render('subscriptions', { subscriptions, operator }, () => table('Subscriptions',
        ['Semantic keys', 'Subtype tokens', 'Entity ids', 'Active', 'Created', ...(operator ? [''] : [])], subscriptions,
        (s) => h('tr', { dataset: { subscription: s.id } },
          h('td', {}, s.semanticKeys.join(', ')),
          h('td', {}, s.subtypeTokens.join(', ')),
          h('td', {}, s.entityIds.join(', ')),
          h('td', {}, s.active ? 'yes' : 'no'),
          h('td', {}, time(s.createdAt)),
          operator ? h('td', {}, subscriptionDelete(id, s, confirmDialog, reload)) : null),
        'No subscriptions: no change to the journal wakes this agent; timers, its own next wake or Wake now do.'));
      render('timers', { timers, operator }, () => table('Timers', ['Schedule', 'Active', 'Next firing',
        'Last fired', ...(operator ? [''] : [])], timers, (t) => h('tr', { dataset: { timer: t.id } },
        h('td', {}, h('code', {}, JSON.stringify(t.schedule))),
        h('td', {}, t.active ? 'yes' : 'no'),
        h('td', {}, countdown(t.nextFireAt)),
        h('td', {}, time(t.lastFiredAt)),
        operator ? h('td', {}, timerEdit(t, timerEditor), ' ', timerDelete(id, t, confirmDialog, reload)) : null),
        'No timers: the agent does not wake on the clock.'));
      const newest20 = runs.slice(0, 20);
      render('runs', newest20, () => runTable('Wake runs, newest first', newest20, false));
      // Its last runs over time: redrawn with the rest, on its run events and every 10 s.
      refill(strip, runs, () => charts.wakeStrip({
        id: 'agent-wake-strip',
        caption: 'Its runs over time, by status',
        runs,
        link: (r) => h('a', { href: `#/runs/${enc(r.runKey)}` }, 'open'),
      }));
    };

    const reload = () => live.now(() => load(true));
    // Built once, not redrawn with the timers, so that what is typed into it stays.
    const timerEditor = operator ? timerForm(id, reload) : null;
    fill(root,
      h('p', {}, h('a', { href: '#/agents' }, '← All agents')),
      sections.header,
      sections.controls,
      strip,
      h('div', { class: 'columns' },
        h('div', {}, sections.state, sections.report, sections.observations),
        h('div', {}, activityFilters(filter, reload, agentMessageKind), sections.activity)),
      sections['tool-calls'],
      h('div', { class: 'columns' },
        h('div', {}, sections.subscriptions, operator ? subscriptionForm(id, reload) : null),
        h('div', {}, sections.timers, timerEditor)),
      sections.runs);
    live.push(['agent', 'run', 'proposal'],
      (data, type) => (type === 'agent' ? data.id : data.agentId) === id, () => load(true));
    await live.every(2000, () => load(false));
  };
}

/** The parts of an agent's page an address may name (#/agents/{id}?section=runs). */
const AGENT_SECTIONS = [['activity', 'Activity log'], ['tool-calls', 'Tool calls'],
  ['subscriptions', 'Subscriptions'], ['timers', 'Timers'], ['runs', 'Wake runs']];

function header(a) {
  return h('div', { class: 'agent-header' },
    h('h1', {}, a.displayName),
    h('p', {},
      badge(a.lifecycle), ' ', a.kind, ' · ', a.mode, ' · categories ',
      a.allowedCategoryIds.length ? a.allowedCategoryIds.join(', ') : 'none',
      ' · ', h('code', { id: 'agent-id' }, a.id), copyButton(a.id, 'Copy agent id')),
    h('nav', { class: 'sections', 'aria-label': 'Parts of this page' },
      AGENT_SECTIONS.map(([section, label]) => h('a', { href: `#/agents/${enc(a.id)}?section=${section}` }, label)),
      h('a', { href: `#/runs?agentId=${enc(a.id)}` }, 'Its runs on the Runs page')),
    a.dormantReason
      ? h('p', { class: 'dormant-reason' }, 'Dormant: ', a.dormantReason,
        a.resumeAt ? [' · wakes again on its own ', countdown(a.resumeAt)] : null)
      : null);
}

function controls(a, caller, reload) {
  const base = `/api/agents/${enc(a.id)}`;
  const buttons = [];
  if (caller.may('operator') && a.lifecycle === 'active') {
    buttons.push(h('button', {
      type: 'button', id: 'pause',
      onclick: () => act('Pause', () => post(`${base}/pause`), reload),
    }, 'Pause'));
  }
  if (caller.may('operator') && a.lifecycle === 'dormant') {
    buttons.push(h('button', {
      type: 'button', id: 'resume',
      onclick: () => act('Resume', () => post(`${base}/resume`), reload),
    }, 'Resume'));
  }
  if (caller.may('operator') && a.lifecycle === 'active') {
    buttons.push(h('button', {
      type: 'button', id: 'wake-now',
      onclick: () => act('Wake now', () => post(`${base}/wakes`), reload),
    }, 'Wake now'));
  }
  if (caller.may('operator') && a.lifecycle === 'active' && a.mode !== 'autonomous') {
    buttons.push(h('a', { class: 'button', href: '#/sessions', id: 'talk' }, 'Talk to it'));
  }
  if (caller.may('admin') && a.lifecycle !== 'destroyed') {
    buttons.push(h('button', {
      type: 'button', id: 'destroy', class: 'danger',
      onclick: async () => {
        if (await confirmDialog('Destroy this agent?',
          `${a.displayName} stops waking for good; its memory stays readable until it is deleted.`,
          'Destroy')) {
          await act('Destroy', () => post(`${base}/destroy`), reload);
        }
      },
    }, 'Destroy'));
  }
  return buttons.length ? h('div', { class: 'controls', role: 'group', 'aria-label': 'Agent controls' }, buttons) : '';
}

function stateSection(s, activity) {
  const row = (term, value) => [h('dt', {}, term), h('dd', {}, value)];
  return h('div', {},
    h('h2', {}, 'State'),
    h('dl', { class: 'facts' },
      row('Now', s.activeRunId ? `${s.runStatus}: ${s.activeRunId}` : s.runStatus),
      row('Last wake', time(s.lastWakeAt)),
      row('Next wake (throttle)', countdown(s.nextWakeAt)),
      row('Next timer wake', countdown(s.scheduledWakeAt)),
      row('Its own next wake (asleep until)', countdown(s.sleepUntil)),
      row('Failure streak', String(s.consecutiveFailureCount)),
      row('Runs in the run log', String(activity?.runCount ?? 0)),
      row('Wakes refused to a chain of agents', String(activity?.chainBreakCount ?? 0)),
      row('Slots', json(s.slots))));
}

function reportSection(report) {
  const body = h('div', { class: 'report', id: 'report-body' });
  if (report) {
    // Rendered by the server from the report's markdown with raw HTML escaped and unsafe link
    // targets dropped; the page's Content-Security-Policy runs no script it might carry anyway.
    body.innerHTML = report.contentHtml;
  } else {
    body.append(h('p', { class: 'empty' }, 'No report yet.'));
  }
  return h('div', {},
    h('h2', {}, 'Report'),
    report ? h('p', { class: 'meta' }, 'Written ', time(report.createdAt)) : '',
    body);
}

function preview(text) {
  if (!text) return '';
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 120)}…` : line;
}

/** What an empty message list says, by the list's id. */
const NO_MESSAGES = {
  'activity-log': 'No messages here yet: the agent writes its activity when it wakes. Wake it now, or clear the filters above.',
  'observation-list': 'No observations yet: the agent records them as it works.',
  'run-messages': 'This run wrote no messages (yet): a queued run writes when it starts.',
};

function messageList(id, items, open) {
  return h('ol', { class: 'messages', id },
    items.length ? items.map((m) => {
      // A tool call or its result reads as one line; its JSON opens below it.
      const line = summariseMessage(m);
      const content = line === null ? null : parse(m.content);
      const details = h('details', {
        open: open.has(m.id),
        ontoggle: (e) => (e.target.open ? open.add(m.id) : open.delete(m.id)),
      },
      h('summary', {}, time(m.createdAt), ' ', badge(m.kind, 'kind'), ' ',
        line === null
          ? h('span', { class: 'preview' }, preview(m.content))
          : h('span', { class: 'line' }, line)),
      h('p', { class: 'meta' }, 'thread ', h('code', {}, m.threadId),
        m.triggerSourceId ? [' · run ', h('a', { href: `#/runs/${enc(m.triggerSourceId)}` }, h('code', {}, m.triggerSourceId))] : ''),
      content !== null ? json(content) : h('pre', { class: 'content' }, m.content ?? ''),
      Object.keys(m.metadata || {}).length ? json(m.metadata) : '');
      return h('li', { dataset: { kind: m.kind } }, details);
    }) : h('li', { class: 'empty' }, NO_MESSAGES[id] ?? 'No messages yet.'));
}

/** The activity log's filters: made once, so typing in them survives the log's refreshes. */
function activityFilters(filter, reload, kinds) {
  return h('div', {},
    h('h2', {}, 'Activity log'),
    h('form', { class: 'filters', onsubmit: (e) => e.preventDefault() },
      select('activity-kind', 'Kind', kinds, filter.kind, (v) => { filter.kind = v; reload(); }),
      input('activity-thread', 'Thread', { maxlength: 200 },
        (v) => { filter.threadId = v.trim(); reload(); })));
}

/**
 * The tool calls, each as one line saying what it did ("create_task → task 'Call the bank'") or why
 * it was refused; the arguments and the result as JSON open from the line.
 */
function toolCallsSection(calls) {
  return table('Tool calls, newest first', ['When', 'What it did', 'Status', 'Affected',
    'Attempts', 'Run'], calls, (c) => h('tr', { dataset: { tool: c.toolName } },
    h('td', {}, time(c.createdAt)),
    h('td', {}, h('details', { class: 'tool-line' },
      h('summary', {}, h('span', { class: c.errorCode && c.status === 'failed' ? 'line error' : 'line' }, summariseCall(c))),
      h('p', { class: 'meta' }, 'Arguments'), json(c.arguments ?? {}),
      c.errorCode ? h('p', { class: 'error' }, `${c.errorCode}: ${c.error || ''}`) : null,
      c.result ? [h('p', { class: 'meta' }, 'Result'), json(c.result)] : null)),
    h('td', {}, badge(c.status)),
    h('td', {}, (c.result?.changedEntityIds || []).join(', ') || 'none'),
    h('td', { class: 'number' }, c.attempts),
    h('td', {}, c.runKey ? h('a', { href: `#/runs/${enc(c.runKey)}` }, 'run') : '—')),
  'No tool calls yet: an agent\u2019s tool calls appear here as it makes them.');
}

/** An agent by its display name, linked to its page; its id as the tooltip. */
function agentLink(agentId, agentName) {
  return h('a', { href: `#/agents/${enc(agentId)}`, title: `Agent ${agentId}`, class: 'agent-name' },
    agentName || h('code', {}, agentId.slice(0, 8)));
}

function runTable(caption, runs, withAgent, none = 'No runs yet: this agent has not woken. Wake it now, or wait for a timer or a change it subscribes to.') {
  return table(caption, ['Created', ...(withAgent ? ['Agent'] : []), 'Reason', 'Status',
    'Attempts', 'Tokens in/out', 'Model calls', 'Error', 'Run'], runs, (r) => h('tr', { dataset: { run: r.runKey } },
    h('td', {}, time(r.createdAt)),
    withAgent ? h('td', {}, agentLink(r.agentId, r.agentName)) : null,
    h('td', {}, r.reason),
    h('td', {}, badge(r.status)),
    h('td', { class: 'number' }, r.attempts),
    h('td', { class: 'number' }, `${r.usage?.inputTokens ?? 0} / ${r.usage?.outputTokens ?? 0}`),
    h('td', { class: 'number' }, r.usage?.modelCalls ?? 0),
    h('td', {}, r.error ? h('span', { class: 'error' }, preview(r.error)) : ''),
    h('td', {}, h('a', { href: `#/runs/${enc(r.runKey)}` }, 'open'))), none);
}

// ---- Sessions ----------------------------------------------------------------------------------

export function sessions(agentId, sessionId) {
  return async (context) => (sessionId
    ? conversation(agentId, sessionId, context)
    : sessionStart(context));
}

async function sessionStart({ root, live, caller }) {
  const list = h('div', { id: 'session-agents' });
  fill(root,
    h('h1', {}, 'Sessions'),
    h('p', {}, 'Talk with an active interactive or hybrid agent; its answers stream in as it writes them.'),
    list);
  const refresh = async () => {
    const active = await get('/api/agents?lifecycle=active&limit=100');
    const talking = active.filter((a) => a.mode !== 'autonomous');
    refill(list, talking, () => table('Agents you can talk to', ['Agent', 'Kind', 'Mode', ''], talking, (a) => h('tr', {},
      h('td', {}, h('a', { href: `#/agents/${enc(a.id)}` }, a.displayName)),
      h('td', {}, a.kind),
      h('td', {}, a.mode),
      h('td', {}, caller.may('operator') ? h('button', {
        type: 'button',
        class: 'open-session',
        dataset: { agent: a.id },
        onclick: () => act('Open session', async () => {
          const session = await post(`/api/agents/${enc(a.id)}/sessions`);
          location.hash = `#/sessions/${enc(a.id)}/${enc(session.id)}`;
        }),
      }, `Open a session with ${a.displayName}`) : '')),
    ['No agent to talk to: sessions are for active interactive or hybrid agents. Create one from a template on the ',
      h('a', { href: '#/templates' }, 'Templates'), ' page (mode interactive), or resume a paused one on its page.']));
  };
  live.push(['agent'], () => true, refresh);
  await live.every(5000, refresh);
}

async function conversation(agentId, sessionId, { root, live, caller }) {
  const base = `/api/agents/${enc(agentId)}/sessions/${enc(sessionId)}`;
  const session = await get(base);
  if (live.stopped) return;
  const transcript = h('ol', { id: 'transcript', class: 'transcript', 'aria-live': 'polite' });
  const streamState = h('span', { id: 'stream-state' }, 'connecting…');
  const text = h('textarea', { id: 'turn-text', rows: 3, maxlength: 20000, required: true });
  const seen = new Set();
  const form = h('form', {
    id: 'turn-form',
    onsubmit: async (event) => {
      event.preventDefault();
      const value = text.value;
      if (!value.trim()) return;
      await act('Send', async () => {
        await post(`${base}/turns`, { text: value, turnId: crypto.randomUUID() });
        text.value = '';
      });
    },
  },
  h('label', { for: 'turn-text' }, 'Your message'),
  text,
  h('button', { type: 'submit' }, 'Send'));
  fill(root,
    h('p', {}, h('a', { href: '#/sessions' }, '← Sessions')),
    h('h1', {}, 'Session'),
    h('p', {}, 'With ', h('a', { href: `#/agents/${enc(agentId)}` }, 'the agent'),
      ' · thread ', h('code', {}, session.threadId), ' · stream: ', streamState),
    transcript,
    caller.may('operator') && session.status === 'open' ? [form, h('button', {
      type: 'button',
      id: 'close-session',
      onclick: () => act('Close session', () => post(`${base}/close`), () => {
        form.remove();
      }),
    }, 'Close session')] : h('p', {}, `This session is ${session.status}.`));
  follow(`${base}/events`, (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (seen.has(message.id)) return;
    seen.add(message.id);
    transcript.append(h('li', { class: `turn turn-${message.kind}`, dataset: { kind: message.kind } },
      badge(message.kind, 'kind'), ' ', time(message.createdAt),
      h('pre', { class: 'content' }, message.content ?? '')));
  }, live.signal, (state) => { streamState.textContent = state; });
}

// ---- Runs --------------------------------------------------------------------------------------

/** The runs list's filters, as its address carries them (#/runs?status=failed&agentId=...). */
const RUN_FILTERS = ['status', 'reason', 'agentId', 'from', 'to'];

export function runs() {
  return async ({
    root, live, params, address,
  }) => {
    const { wakeStatus, wakeReason } = await enums();
    const state = { offset: 0, limit: PAGE };
    RUN_FILTERS.forEach((name) => { state[name] = (params.get(name) ?? '').trim(); });
    const results = h('div', { id: 'runs-results' });
    const instant = (local) => (local ? new Date(local).toISOString() : '');
    const go = () => live.now(refresh);
    const refresh = async () => {
      const current = live.ticket();
      const page = await call('GET', query('/api/runs', {
        status: state.status, reason: state.reason, agentId: state.agentId,
        from: instant(state.from), to: instant(state.to), offset: state.offset, limit: state.limit,
      }));
      if (!current()) return;
      const filtered = RUN_FILTERS.some((name) => state[name]);
      refill(results, { page: page.data, next: page.next, offset: state.offset }, () => [
        runTable('Runs of every agent, newest first', page.data, true, filtered
          ? 'No run matches these filters. Clear a filter, or widen the time span.'
          : ['No runs yet: every wake of an agent is a run. Open an agent on the ',
            h('a', { href: '#/agents' }, 'Agents'), ' page and wake it now.']),
        pager(state, Boolean(page.next), go, 'Run list')]);
    };
    const change = (field) => (value) => {
      state[field] = value.trim();
      state.offset = 0;
      address(Object.fromEntries(RUN_FILTERS.map((name) => [name, state[name]])));
      go();
    };
    fill(root,
      h('h1', {}, 'Runs'),
      h('form', { class: 'filters', role: 'search', onsubmit: (e) => e.preventDefault() },
        select('runs-status', 'Status', wakeStatus, state.status, change('status')),
        select('runs-reason', 'Reason', wakeReason, state.reason, change('reason')),
        input('runs-agent', 'Agent id', { maxlength: 64, value: state.agentId }, change('agentId')),
        input('runs-from', 'From', { type: 'datetime-local', value: state.from }, change('from')),
        input('runs-to', 'To', { type: 'datetime-local', value: state.to }, change('to'))),
      results);
    live.push(['run'], (data) => !state.agentId || data.agentId === state.agentId, refresh);
    await live.every(3000, refresh);
  };
}

/**
 * A run's timeline: waiting from queued to started, running to completed, each step (a model turn
 * or a phase) and each tool call from its creation to its last change.
 */
function runTimeline(detail) {
  const r = detail.run;
  const steps = [
    { label: 'queued, waiting to start', kind: 'wait', status: r.startedAt ? 'over' : r.status, start: r.createdAt, end: r.startedAt ?? r.completedAt },
    r.startedAt ? { label: 'running', kind: 'run', status: r.status, start: r.startedAt, end: r.completedAt } : null,
    ...(detail.steps || []).filter((s) => s.startedAt).map((s) => ({
      label: `step ${s.index}: ${s.phase}`, kind: 'step', status: s.status, start: s.startedAt, end: s.endedAt,
    })),
    ...(detail.toolCalls || []).map((c) => ({
      label: `tool ${c.toolName}`, kind: 'tool', status: c.status, start: c.createdAt, end: c.updatedAt,
    })),
  ].filter(Boolean).sort((a, b) => new Date(a.start) - new Date(b.start));
  return charts.timeline({ id: 'run-timeline', caption: 'Timeline of the run', origin: r.createdAt, steps });
}

export function run(runKey) {
  return async ({ root, live, caller }) => {
    const body = h('div', {});
    fill(root, h('p', {}, h('a', { href: '#/runs' }, '← All runs')), h('h1', {}, 'Run'), body);
    let last = '';
    const refresh = async () => {
      const detail = await get(`/api/runs/${enc(runKey)}`);
      const key = JSON.stringify(detail);
      if (key === last) return;
      last = key;
      const r = detail.run;
      const row = (term, value) => [h('dt', {}, term), h('dd', {}, value)];
      fill(body,
        runControls(r, caller, () => live.now(refresh)),
        h('dl', { class: 'facts' },
          row('Run key', [h('code', { id: 'run-key' }, r.runKey), copyButton(r.runKey, 'Copy run key')]),
          row('Agent', [agentLink(r.agentId, r.agentName), copyButton(r.agentId, 'Copy agent id')]),
          row('Reason', r.reason),
          row('Status', badge(r.status)),
          row('Attempts', String(r.attempts)),
          row('Created', time(r.createdAt)),
          row('Started', time(r.startedAt)),
          row('Completed', time(r.completedAt)),
          row('Tokens', (r.tokens || []).join(', ') || '—'),
          row('Usage', `${r.usage?.inputTokens ?? 0} in, ${r.usage?.outputTokens ?? 0} out, ${r.usage?.modelCalls ?? 0} model calls`),
          r.error ? row('Error', h('span', { class: 'error' }, r.error)) : null),
        runTimeline(detail),
        toolCallsSection(detail.toolCalls),
        h('h2', {}, 'Messages'),
        messageList('run-messages', detail.messages, new Set()));
    };
    live.push(['run'], (data) => data.runKey === runKey, refresh);
    await live.every(3000, refresh);
  };
}

// ---- Needs you ---------------------------------------------------------------------------------

const WAITING_KINDS = { proposal: 'proposal', inDoubt: 'tool call in doubt', question: 'question' };

/** The control that moves each kind of waiting item (operator and up). */
const DECISIONS = { proposal: proposalDecision, inDoubt: inDoubtResolution, question: questionAnswer };

/** How many things wait for a person: what the header's badge shows. */
export function waitingCount(needs) {
  return (needs.proposals ?? 0) + (needs.inDoubt ?? 0) + (needs.questions ?? 0);
}

export function needsYou() {
  return async ({ root, live, caller }) => {
    const counts = h('p', { id: 'needs-you-counts', class: 'meta' });
    const problem = h('p', { id: 'needs-you-error', class: 'error', role: 'alert' });
    const results = h('div', { id: 'needs-you-results' });
    const operator = caller.may('operator');
    const refresh = async () => {
      const current = live.ticket();
      const needs = await get('/api/needs-you?limit=50');
      if (!current()) return;
      counts.textContent = `${needs.proposals} proposals to decide, ${needs.inDoubt} tool calls in doubt, `
        + `${needs.questions} questions to answer; ${needs.waitingRuns} runs waiting.`;
      refill(results, needs.items, () => (needs.items.length
        ? table('Waiting for a person, newest first', ['Since', 'Kind', 'Agent', 'Summary', 'Run',
          ...(operator ? ['Decide'] : [])], needs.items, (item) => h('tr', { dataset: { kind: item.kind, id: item.id } },
          h('td', {}, time(item.since)),
          h('td', {}, badge(WAITING_KINDS[item.kind] ?? item.kind, 'kind')),
          h('td', {}, h('a', { href: `#/agents/${enc(item.agentId)}` }, item.agentName || item.agentId)),
          h('td', {}, item.summary),
          h('td', {}, item.runKey ? h('a', { href: `#/runs/${enc(item.runKey)}` }, 'open') : '—'),
          operator ? h('td', {}, DECISIONS[item.kind]?.(item, problem, () => live.now(refresh)) ?? '') : null))
        : h('p', { id: 'needs-you-empty', class: 'empty' }, 'Nothing waits for you: no proposal to decide, no tool call in doubt, no question to answer.')));
    };
    fill(root,
      h('h1', {}, 'Needs you'),
      h('p', {}, 'What only a person can move, across all agents: proposals to approve or reject (open \u201cWhat it changes\u201d first), tool calls in doubt to resolve (their run resumes), questions to answer.'),
      counts,
      problem,
      results);
    live.push(['proposal', 'run'], () => true, refresh);
    await live.every(10000, refresh);
  };
}

// ---- Broker ------------------------------------------------------------------------------------

export function broker() {
  return async ({ root, live, caller }) => {
    const depths = h('div', { id: 'queue-depths' });
    const letters = h('div', { id: 'dead-letters' });
    fill(root, h('h1', {}, 'Broker'), depths, letters);
    const refresh = async () => {
      const queues = await get('/api/broker/queues');
      refill(depths, queues, () => table('Queue depths', ['Queue', 'Messages'], queues, (q) => h('tr', {},
        h('td', {}, h('code', {}, q.name)), h('td', { class: 'number' }, q.messageCount))));
      if (!caller.may('admin')) {
        refill(letters, 'admin only', () => h('p', {}, 'Dead-lettered messages are shown to administrators.'));
        return;
      }
      const dlqs = await get('/api/dead-letters');
      const pages = await Promise.all(dlqs.map((q) => get(`/api/dead-letters/${enc(q.queue)}?limit=50`)
        .then((items) => ({ q, items }))));
      refill(letters, pages, () => pages.map(({ q, items }) => table(`Dead letters of ${q.queue} (${q.messageCount})`,
        ['Dead-lettered', 'Reason', 'Destination', 'Body', ''], items, (m) => h('tr', {},
          h('td', {}, time(m.timestamp)),
          h('td', {}, m.reason || '—'),
          h('td', {}, h('code', {}, m.originalDestination || '—')),
          h('td', {}, h('details', {}, h('summary', {}, m.bodyCut ? 'body (cut)' : 'body'),
            h('pre', { class: 'content' }, m.body ?? ''))),
          h('td', {},
            h('button', {
              type: 'button',
              onclick: () => act('Replay', () => post(`/api/dead-letters/${enc(q.queue)}/${enc(m.messageId)}/replay`), () => live.now(refresh)),
            }, 'Replay'), ' ',
            h('button', {
              type: 'button',
              class: 'danger',
              onclick: async () => {
                if (await confirmDialog('Discard this message?', 'It is removed from the dead-letter queue for good.', 'Discard')) {
                  await act('Discard', () => del(`/api/dead-letters/${enc(q.queue)}/${enc(m.messageId)}`), () => live.now(refresh));
                }
              },
            }, 'Discard'))))));
    };
    live.push(['queues'], () => true, refresh);
    await live.every(3000, refresh);
  };
}

// ---- Sites (multi-site sync) -------------------------------------------------------------------

export function sites() {
  return async ({ root, live }) => {
    const own = h('div', { id: 'sync-own' });
    const peers = h('div', { id: 'sync-peers' });
    fill(root, h('h1', {}, 'Sites'), own, peers);
    const refresh = async () => {
      const status = await get('/api/sync/status');
      if (!status.enabled) {
        refill(own, 'off', () => h('p', {}, 'This server is no site of a multi-site deployment: ',
          h('code', {}, 'reveille.sync.host-id'), ' is not set, and it shares nothing.'));
        refill(peers, [], () => h('div', {}));
        return;
      }
      refill(own, status, () => h('dl', { class: 'facts' },
        h('dt', {}, 'This site'), h('dd', {}, h('code', {}, status.hostId)),
        h('dt', {}, 'Numbered through'), h('dd', { class: 'number' }, status.own?.numberedThrough ?? 0),
        h('dt', {}, 'Sent through'), h('dd', { class: 'number' }, status.own?.sentThrough ?? 0),
        h('dt', {}, 'Waiting to be numbered'), h('dd', { class: 'number' }, status.own?.unnumbered ?? 0)));
      refill(peers, status.peers, () => table(`Peer sites (${status.peers.length})`,
        ['Site', 'Applied through', 'Highest seen', 'Behind', 'Missing', 'Being filled', 'Stopped at', 'Updated'],
        status.peers, (p) => h('tr', {},
          h('td', {}, h('code', {}, p.hostId)),
          h('td', { class: 'number' }, p.appliedThrough),
          h('td', { class: 'number' }, p.highestSeen),
          h('td', { class: 'number' }, p.behind),
          h('td', {}, p.gaps.length ? p.gaps.map((g) => (g.from === g.to ? `${g.from}` : `${g.from}–${g.to}`)).join(', ') : '—'),
          h('td', {}, p.backfills.length
            ? p.backfills.map((b) => `${b.from}–${b.to} ${b.status}${b.requests ? ` (asked ${b.requests}×)` : ''}`).join('; ')
            : '—'),
          h('td', {}, p.blockedReason || '—'),
          h('td', {}, time(p.updatedAt)))),
        'No peer site has sent this site anything yet.');
    };
    await live.every(5000, refresh);
  };
}

// ---- Tool contract -----------------------------------------------------------------------------

export function tools() {
  return async ({ root, live }) => {
    const body = h('div', { id: 'tool-contract' });
    fill(root, h('h1', {}, 'Tool contract'), body);
    let last = '';
    await live.every(30000, async () => {
      const contract = await get('/api/tools/contract');
      const key = JSON.stringify(contract);
      if (key === last) return;
      last = key;
      fill(body,
        h('p', {}, contract.description, ` (contract version ${contract.contractVersion})`),
        table(`${contract.tools.length} tools`, ['Tool', 'Capabilities', 'Side effect', 'Risk',
          'Preview', 'Schemas'], contract.tools, (t) => h('tr', {},
          h('td', {}, h('code', {}, t.name), h('p', { class: 'meta' }, t.description)),
          h('td', {}, (t.capabilitiesRequired || []).join(', ')),
          h('td', {}, t.sideEffectClass),
          h('td', {}, badge(t.riskLevel)),
          h('td', {}, t.previewSupported ? 'yes' : 'no'),
          h('td', {},
            h('details', {}, h('summary', {}, 'input'), json(t.inputSchema)),
            h('details', {}, h('summary', {}, 'output'), json(t.outputSchema)))),
          'No tools: this server offers agents none (see the tool settings in the operations guide).'));
    });
  };
}

// ---- Templates ---------------------------------------------------------------------------------

/** Whether the caller may create an agent from the template (the API checks again). */
function mayCreate(caller, template) {
  return caller.may('admin') || (caller.may('operator') && template.operatorCreatable);
}

export function templates() {
  return async ({ root, live }) => {
    const state = { offset: 0, limit: PAGE };
    const results = h('div', { id: 'templates-results' });
    const go = () => live.now(refresh);
    const refresh = async () => {
      const current = live.ticket();
      const page = await call('GET', query('/api/templates', {
        offset: state.offset, limit: state.limit,
      }));
      if (!current()) return;
      refill(results, { page: page.data, next: page.next, offset: state.offset }, () => [
        table('Agent templates, each at its latest version', ['Template', 'Display name',
          'Version', 'Kind', 'Description', 'Operators may create'], page.data, (t) => h('tr', {},
          h('td', {}, h('a', { href: `#/templates/${enc(t.id)}` }, h('code', {}, t.id))),
          h('td', {}, t.displayName),
          h('td', { class: 'number' }, t.version),
          h('td', {}, t.kind),
          h('td', {}, t.description || ''),
          h('td', {}, t.operatorCreatable ? 'yes' : 'no (administrators only)')),
        state.offset ? 'No more templates: go back a page.'
          : 'No templates yet: Reveille loads its shipped ones at start, and an administrator adds more (see Agent templates in the guide).'),
        pager(state, Boolean(page.next), go, 'Template list')]);
    };
    fill(root,
      h('h1', {}, 'Templates'),
      h('p', {}, 'Open a template to see its parameters and create an agent from it.'),
      results);
    await live.every(30000, refresh);
  };
}

/** What a parameter's schema allows, in words: "whole number, 5 to 480", "matches ^…$". */
function constraints(schema) {
  const words = [];
  const items = { integer: 'whole numbers', number: 'numbers', string: 'texts', undefined: 'texts' }[schema.items?.type];
  const type = schema.type === 'array'
    ? (items ? `list of ${items}, one per line or comma separated` : 'list, as JSON')
    : { integer: 'whole number', number: 'number', boolean: 'yes or no', string: 'text' }[schema.type]
      ?? (Array.isArray(schema.enum) ? null : 'JSON');
  if (type) words.push(type);
  if (Array.isArray(schema.enum)) words.push(`one of ${schema.enum.join(', ')}`);
  const range = (min, max, unit) => {
    if (min !== undefined && max !== undefined) words.push(`${min} to ${max}${unit}`);
    else if (min !== undefined) words.push(`at least ${min}${unit}`);
    else if (max !== undefined) words.push(`at most ${max}${unit}`);
  };
  range(schema.minimum, schema.maximum, '');
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minItems, schema.maxItems, ' items');
  if (schema.pattern) words.push(`matches ${schema.pattern}`);
  if (schema.default !== undefined) words.push(`default ${Array.isArray(schema.default) ? schema.default.join(', ') : schema.default}`);
  return words.join('; ');
}

/**
 * One input of the create form for a parameter of the template's schema: a text field, a number
 * field, a checkbox, a choice for an enum, a text area for a list (one item per line or comma
 * separated) and, for anything else, a text area holding JSON. `read()` gives the value to send
 * ({value}, {} to leave it out) or {error}.
 */
function parameterField(name, schema, required) {
  const id = `param-${name}`;
  const hintId = `${id}-hint`;
  const common = {
    id, name, 'aria-describedby': hintId, required, 'aria-required': required ? 'true' : null,
  };
  const type = Array.isArray(schema.enum) ? 'enum' : schema.type;
  let control;
  let read;
  if (type === 'enum') {
    control = h('select', common,
      required && schema.default !== undefined ? null : h('option', { value: '' }, '(not set)'),
      schema.enum.map((v, i) => h('option', {
        value: String(i), selected: JSON.stringify(v) === JSON.stringify(schema.default),
      }, String(v))));
    read = () => (control.value === '' ? {} : { value: schema.enum[Number(control.value)] });
  } else if (type === 'boolean') {
    control = h('input', {
      ...common, type: 'checkbox', checked: schema.default === true, required: null, 'aria-required': null,
    });
    read = () => ({ value: control.checked });
  } else if (type === 'integer' || type === 'number') {
    control = h('input', {
      ...common,
      type: 'number',
      step: type === 'integer' ? 1 : 'any',
      min: schema.minimum,
      max: schema.maximum,
      value: schema.default,
    });
    read = () => {
      const text = control.value.trim();
      if (control.validity.badInput) {
        return { error: type === 'integer' ? 'must be a whole number' : 'must be a number' };
      }
      if (!text) return {};
      const number = Number(text);
      if (!Number.isFinite(number) || (type === 'integer' && !Number.isInteger(number))) {
        return { error: type === 'integer' ? 'must be a whole number' : 'must be a number' };
      }
      return { value: number };
    };
  } else if (type === 'array' && ['string', 'integer', 'number', undefined].includes(schema.items?.type)) {
    control = h('textarea', { ...common, rows: 3 },
      Array.isArray(schema.default) ? schema.default.join('\n') : '');
    read = () => {
      const items = control.value.split(/[\n,]/).map((s) => s.trim()).filter(Boolean);
      if (!items.length) return {};
      if (schema.items?.type === 'integer' || schema.items?.type === 'number') {
        const numbers = items.map(Number);
        if (numbers.some((n) => !Number.isFinite(n)
          || (schema.items.type === 'integer' && !Number.isInteger(n)))) {
          return { error: 'must be whole numbers' };
        }
        return { value: numbers };
      }
      return { value: items };
    };
  } else if (type === 'string' && schema.maxLength > 500) {
    // Room for a long text, such as instructions.
    control = h('textarea', { ...common, rows: 5, maxlength: schema.maxLength }, schema.default ?? '');
    read = () => (control.value === '' ? {} : { value: control.value });
  } else if (type === 'string') {
    control = h('input', {
      ...common, type: 'text', maxlength: schema.maxLength, value: schema.default, autocomplete: 'off',
    });
    read = () => (control.value === '' ? {} : { value: control.value });
  } else {
    control = h('textarea', { ...common, rows: 3 },
      schema.default === undefined ? '' : JSON.stringify(schema.default));
    read = () => {
      const text = control.value.trim();
      if (!text) return {};
      try {
        return { value: JSON.parse(text) };
      } catch {
        return { error: 'must be JSON' };
      }
    };
  }
  const hint = [schema.description, constraints(schema)].filter(Boolean).join(' — ');
  const element = h('div', { class: 'field param', dataset: { param: name } },
    h('label', { for: id }, name, required ? h('span', { class: 'required' }, ' (required)') : null),
    control,
    h('p', { class: 'hint', id: hintId }, hint || ' '));
  return {
    name,
    element,
    control,
    read: () => {
      const result = read();
      if (!result.error && required && result.value === undefined) {
        return { error: 'is required' };
      }
      return result;
    },
    invalid: (yes) => {
      if (yes) control.setAttribute('aria-invalid', 'true');
      else control.removeAttribute('aria-invalid');
    },
  };
}

/** The lines saying why the server refused: its field errors, or its detail. */
function refusal(error) {
  const errors = error instanceof ApiError ? error.problem.errors || [] : [];
  const heading = error instanceof ApiError && error.status === 403
    ? 'Your role may not create an agent from this template.'
    : 'The agent was not created.';
  return [
    h('p', {}, heading),
    errors.length
      ? h('ul', {}, errors.map((e) => h('li', {}, `${e.field}: ${e.message}`)))
      : h('p', {}, error.message)];
}

function createForm(template) {
  const schema = template.parameters || {};
  const required = new Set(schema.required || []);
  const fields = Object.entries(schema.properties || {})
    .map(([name, property]) => parameterField(name, property || {}, required.has(name)));
  const problem = h('div', { id: 'template-form-error', class: 'error', role: 'alert' });
  const submit = h('button', { type: 'submit', id: 'template-create' }, 'Create agent');
  const form = h('form', {
    id: 'template-form',
    class: 'template-form',
    novalidate: true,
    'aria-labelledby': 'template-form-title',
    'aria-describedby': 'template-form-error',
    onsubmit: async (event) => {
      event.preventDefault();
      fill(problem);
      const parameters = {};
      const wrong = [];
      fields.forEach((field) => {
        const { value, error } = field.read();
        field.invalid(Boolean(error));
        if (error) {
          wrong.push([field, error]);
        } else if (value !== undefined) {
          parameters[field.name] = value;
        }
      });
      if (wrong.length) {
        fill(problem, h('p', {}, 'Check these fields:'),
          h('ul', {}, wrong.map(([field, error]) => h('li', {}, `${field.name}: ${error}`))));
        wrong[0][0].control.focus();
        return;
      }
      submit.disabled = true;
      try {
        const created = await post(`/api/templates/${enc(template.id)}/agents`, { parameters });
        location.hash = `#/agents/${enc(created.id)}`;
      } catch (error) {
        // The server names the parameter inside its message ("/planAt: does not match ...").
        const text = JSON.stringify(error instanceof ApiError ? error.problem : {});
        fields.forEach((field) => field.invalid(
          new RegExp(`(\\$\\.|/|parameters\\.)${field.name}\\b`).test(text)));
        fill(problem, refusal(error));
        submit.disabled = false;
      }
    },
  },
  h('h2', { id: 'template-form-title' }, 'Create an agent'),
  fields.length ? fields.map((f) => f.element) : h('p', { class: 'empty' }, 'This template takes no parameters.'),
  problem,
  h('div', { class: 'actions' }, submit));
  return form;
}

/** The parameters as a table, for a caller who may not create from the template. */
function parameterTable(template) {
  const schema = template.parameters || {};
  const required = new Set(schema.required || []);
  const rows = Object.entries(schema.properties || {});
  return table('Parameters', ['Name', 'Required', 'Allowed values', 'Description'], rows,
    ([name, property]) => h('tr', {},
      h('td', {}, h('code', {}, name)),
      h('td', {}, required.has(name) ? 'yes' : 'no'),
      h('td', {}, constraints(property || {})),
      h('td', {}, property?.description || '')));
}

export function template(id) {
  return async ({ root, live, caller }) => {
    // Read once: a refresh would redraw the form under what is being typed into it.
    const t = await get(`/api/templates/${enc(id)}`);
    if (live.stopped) return;
    const row = (term, value) => [h('dt', {}, term), h('dd', {}, value)];
    const creator = mayCreate(caller, t);
    fill(root,
      h('p', {}, h('a', { href: '#/templates' }, '← All templates')),
      h('h1', {}, `Template ${t.displayName}`),
      h('section', { id: 'template-summary', 'aria-label': 'Template' },
        t.description ? h('p', {}, t.description) : null,
        h('dl', { class: 'facts' },
          row('Id', h('code', {}, t.id)),
          row('Version', `${t.version}${t.versions?.length > 1 ? ` (stored: ${t.versions.join(', ')})` : ''}`),
          row('Kind', t.kind),
          row('Operators may create', t.operatorCreatable ? 'yes' : 'no (administrators only)'),
          t.source ? row('Source', t.source) : null)),
      creator
        ? createForm(t)
        : h('section', { id: 'template-parameters' },
          h('p', { class: 'meta', id: 'template-no-create' }, caller.may('operator')
            ? 'Only administrators may create agents from this template.'
            : 'Your role may see this template but not create agents from it.'),
          parameterTable(t)));
  };
}
