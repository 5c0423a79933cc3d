// What a person decides from the console: a proposal approved or rejected after reading what it
// changes, a tool call in doubt resolved, a question answered, a run cancelled, resumed or
// retried, a timer previewed and saved. Each control is built only for a caller whose role may use
// it; the server checks the role again on every call and records each decision in its audit trail.

import {
  ApiError, call, del, get, post,
} from './api.js';
import {
  fill, h, json, say, time,
} from './dom.js';

const enc = encodeURIComponent;

/** The sentence for a refused decision: a role the caller lacks, a target that moved, or else. */
function refusal(what, error) {
  if (error instanceof ApiError && error.status === 403) {
    return `Your role may not ${what}: ${error.message}`;
  }
  if (error instanceof ApiError && error.status === 409) {
    return `Could not ${what}, it changed meanwhile: ${error.message}`;
  }
  return `Could not ${what}: ${error.message}`;
}

/**
 * Runs a decision, then `after`: what came of it is said in the status line (`done`, or a function
 * of what `work` answered), a refusal next to the control in `problem`, or in the status line when
 * there is no `problem`.
 */
async function decide(what, done, problem, work, after) {
  if (problem) fill(problem);
  try {
    const result = await work();
    say(typeof done === 'function' ? done(result) : done);
  } catch (error) {
    if (problem) {
      fill(problem, refusal(what, error));
    } else {
      say(refusal(what, error), true);
    }
  }
  await after();
}

// ---- Proposals ---------------------------------------------------------------------------------

/** Where the console reads an entity a preview names, by the payload key that holds it. */
const ENTITY_PATHS = { task: (id) => `/api/tasks/${enc(id)}` };

const BOOKKEEPING = ['id', 'version', 'updatedAt', 'createdAt'];

function scalar(value) {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function named(key, entity) {
  const words = key.replace(/([A-Z])/g, ' $1').toLowerCase();
  const title = entity.title ?? entity.name;
  return title ? `${words} \u2018${title}\u2019` : words;
}

/**
 * The fields an approval would change, entity by entity, from the preview's payload (and the
 * objects nested in it, such as a plan's): an entity
 * that exists (a task) read as it stands now and compared field by field; a field the preview
 * shows before and after (`statusBefore`, `statusAfter`); an entity the approval would create
 * (no id yet) with each of its fields.
 */
async function changes(proposal) {
  const payload = proposal.preview?.payload ?? {};
  const rows = [];
  const entities = [];
  const collect = (object, depth) => Object.entries(object).forEach(([key, value]) => {
    if (value && typeof value === 'object' && !Array.isArray(value) && depth < 4) {
      entities.push([key, value]);
      collect(value, depth + 1);
    }
  });
  collect(payload, 0);
  await Promise.all(entities.map(async ([key, after]) => {
    Object.keys(after).filter((field) => field.endsWith('Before')).forEach((field) => {
      const base = field.slice(0, -'Before'.length);
      const next = after[`${base}After`];
      if (next !== undefined && next !== after[field]) {
        rows.push({ entity: named(key, after), field: base, now: after[field], after: next });
      }
    });
    const path = ENTITY_PATHS[key];
    if (path && after.id) {
      let now;
      try {
        now = await get(path(after.id));
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        now = {};
      }
      Object.entries(after)
        .filter(([field, value]) => scalar(value) && scalar(now[field] ?? null)
          && !BOOKKEEPING.includes(field) && now[field] !== value)
        .forEach(([field, value]) => rows.push({
          entity: named(key, now.title ? now : after), field, now: now[field], after: value,
        }));
    } else if (!after.id && !after.taskId && !Object.keys(after).some((f) => f.endsWith('Before'))) {
      Object.entries(after)
        .filter(([field, value]) => scalar(value) && !BOOKKEEPING.includes(field))
        .forEach(([field, value]) => rows.push({
          entity: `new ${named(key, after)}`, field, now: undefined, after: value,
        }));
    }
  }));
  return rows;
}

function diffTable(proposal, rows) {
  return h('div', { class: 'diff' },
    rows.length
      ? h('table', { class: 'diff-table' },
        h('caption', {}, `What approving ${proposal.toolName} changes`),
        h('thead', {}, h('tr', {}, ['Entity', 'Field', 'Now', 'After approval'].map((c) => h('th', { scope: 'col' }, c)))),
        h('tbody', {}, rows.map((r) => h('tr', {},
          h('td', {}, r.entity),
          h('td', {}, r.field),
          h('td', { class: 'before' }, String(r.now ?? '—')),
          h('td', { class: 'after' }, String(r.after ?? '—'))))))
      : h('p', { class: 'meta' }, 'No field of a journal entity changes as it stands now (read the preview below).'),
    h('details', {}, h('summary', {}, 'The preview as stored'), json(proposal.preview)));
}

/** Approve or reject a pending proposal, with what approving it would change one click away. */
export function proposalDecision(item, problem, after) {
  const reason = h('input', {
    id: `reject-reason-${item.id}`, maxlength: 1000, 'aria-label': `Reason for rejecting ${item.summary}`,
    placeholder: 'reason (optional)',
  });
  const diff = h('div', { class: 'diff-body' }, h('p', { class: 'meta' }, 'Loading…'));
  const details = h('details', { class: 'proposal-changes', dataset: { proposal: item.id } },
    h('summary', {}, 'What it changes'), diff);
  details.addEventListener('toggle', async () => {
    if (!details.open) return;
    try {
      const proposal = await get(`/api/proposals/${enc(item.id)}`);
      fill(diff, diffTable(proposal, await changes(proposal)));
    } catch (error) {
      fill(diff, h('p', { class: 'error' }, `Could not read the proposal: ${error.message}`));
    }
  });
  const run = (verb, body, done) => () => decide(`${verb} ${item.summary}`, done, problem,
    () => post(`/api/proposals/${enc(item.id)}/${verb}`, body), after);
  return h('div', { class: 'decision', role: 'group', 'aria-label': `Decide ${item.summary}` },
    details,
    h('button', {
      type: 'button', class: 'approve', dataset: { proposal: item.id },
      onclick: run('approve', undefined, `Approved: ${item.summary}.`),
    }, 'Approve'),
    reason,
    h('button', {
      type: 'button',
      class: 'danger reject',
      dataset: { proposal: item.id },
      onclick: () => run('reject', reason.value.trim() ? { reason: reason.value.trim() } : {},
        `Rejected: ${item.summary}.`)(),
    }, 'Reject'));
}

// ---- Tool calls in doubt -----------------------------------------------------------------------

/**
 * Resolve a tool call in doubt: applied (with the provider's receipt, if the person has it) or not
 * applied, and a note saying how they found out; then its run, which waited for the call, resumes.
 */
export function inDoubtResolution(item, problem, after) {
  const id = `resolve-${item.id}`;
  const name = `applied-${item.id}`;
  const radio = (value) => h('input', {
    type: 'radio', name, value, id: `${id}-${value}`, checked: value === 'yes',
  });
  const [yes, no] = [radio('yes'), radio('no')];
  const note = h('input', {
    id: `${id}-note`, maxlength: 2000, 'aria-label': `How you found out about ${item.summary}`,
    placeholder: 'how you found out',
  });
  const receipt = h('textarea', {
    id: `${id}-receipt`, rows: 2, maxlength: 20000, 'aria-label': `The receipt of ${item.summary} as JSON (optional)`,
    placeholder: 'receipt as JSON (optional)',
  });
  const resolve = () => {
    const applied = !no.checked;
    const body = { applied };
    if (note.value.trim()) body.note = note.value.trim();
    if (applied && receipt.value.trim()) {
      try {
        body.result = JSON.parse(receipt.value);
      } catch (error) {
        fill(problem, `The receipt is not JSON: ${error.message}`);
        return Promise.resolve();
      }
    }
    return decide(`resolve ${item.summary}`, `Resolved: ${item.summary} ${applied ? 'applied' : 'not applied'}${item.runKey ? '; its run resumes' : ''}.`,
      problem, async () => {
        await post(`/api/agents/${enc(item.agentId)}/tool-calls/${enc(item.id)}/resolution`, body);
        if (item.runKey) {
          await resumeIfWaiting(item.runKey);
        }
      }, after);
  };
  return h('fieldset', { class: 'decision resolution', dataset: { key: item.id } },
    h('legend', {}, `Did ${item.summary} take effect?`),
    h('label', {}, yes, ' applied'), ' ', h('label', {}, no, ' not applied'),
    note, receipt,
    h('button', { type: 'button', class: 'resolve', dataset: { key: item.id }, onclick: resolve }, 'Resolve'));
}

/** Resumes a run that waits, unless something else resumed it first (then the 409 is no error). */
async function resumeIfWaiting(runKey) {
  try {
    await post(`/api/runs/${enc(runKey)}/resume`);
  } catch (error) {
    const detail = await get(`/api/runs/${enc(runKey)}`).catch(() => null);
    if (!(error instanceof ApiError && error.status === 409 && detail && detail.run.status !== 'waiting')) {
      throw error;
    }
  }
}

// ---- Questions ---------------------------------------------------------------------------------

/** Answer a question a run asked: one of its choices, approve or reject a plan, or free text. */
export function questionAnswer(item, problem, after) {
  const id = `answer-${item.id}`;
  const place = h('span', { class: 'answer-field' }, h('span', { class: 'meta' }, 'Loading…'));
  let field = null;
  const send = () => {
    const answer = field?.value?.trim();
    if (!answer) {
      fill(problem, `Give an answer to \u201c${item.summary}\u201d first.`);
      return Promise.resolve();
    }
    return decide(`answer \u201c${item.summary}\u201d`, `Answered: ${answer}; the run resumes.`, problem,
      () => post(`/api/runs/${enc(item.runKey)}/answer`, { answer, questionId: item.id }), after);
  };
  get(`/api/runs/${enc(item.runKey)}/questions`).then((questions) => {
    const question = questions.find((q) => q.id === item.id) ?? {};
    const choices = question.kind === 'plan' ? ['approve', 'reject'] : (question.choices ?? []);
    field = choices.length
      ? h('select', { id, 'aria-label': `Answer to ${item.summary}` },
        choices.map((c) => h('option', { value: c }, c)))
      : h('input', { id, maxlength: 2000, 'aria-label': `Answer to ${item.summary}`, placeholder: 'your answer' });
    fill(place, field, question.expiresAt ? h('span', { class: 'meta' }, ' expires ', time(question.expiresAt)) : null);
  }).catch((error) => fill(place, h('span', { class: 'error' }, `Could not read the question: ${error.message}`)));
  return h('div', { class: 'decision', role: 'group', 'aria-label': `Answer ${item.summary}` },
    place,
    h('button', { type: 'button', class: 'answer', dataset: { question: item.id }, onclick: send }, 'Answer'));
}

// ---- Runs --------------------------------------------------------------------------------------

/** Cancel, resume or retry a run, as its status allows (operator and up). */
export function runControls(run, caller, after) {
  if (!caller.may('operator')) return null;
  const button = (verb, label, danger) => h('button', {
    type: 'button', id: `run-${verb}`, class: danger ? 'danger' : undefined,
    onclick: () => decide(`${verb} this run`, `${label}: done.`, null,
      () => post(`/api/runs/${enc(run.runKey)}/${verb}`), after),
  }, label);
  const buttons = [
    run.status === 'waiting' ? button('resume', 'Resume') : null,
    run.status === 'failed' ? button('retry', 'Retry') : null,
    ['queued', 'started', 'waiting', 'failed'].includes(run.status) && !run.cancelRequestedAt
      ? button('cancel', 'Cancel run', true) : null,
  ].filter(Boolean);
  return buttons.length
    ? h('div', { class: 'controls', role: 'group', 'aria-label': 'Run controls' }, buttons)
    : null;
}

// ---- Timers ------------------------------------------------------------------------------------

const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

function field(id, label, control) {
  return h('span', { class: 'field', dataset: { for: id } }, h('label', { for: id }, label), control);
}

/**
 * A form that makes a timer for the agent: the schedule's kind and its fields, previewed (its next
 * firings, in this browser's zone with UTC beside) before it is saved. The server checks the
 * document both times; its refusal is shown next to the form, naming the field.
 */
export function timerForm(agentId, after) {
  const base = `/api/agents/${enc(agentId)}/timers`;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const controls = {
    kind: h('select', { id: 'timer-kind' },
      ['daily', 'weekly', 'interval', 'calendar'].map((k) => h('option', { value: k }, k))),
    time: h('input', { id: 'timer-time', type: 'time', value: '07:00', required: true }),
    zone: h('input', { id: 'timer-zone', value: zone, maxlength: 64, required: true }),
    dayOfWeek: h('select', { id: 'timer-day' }, DAYS.map((d) => h('option', { value: d }, d))),
    everySeconds: h('input', { id: 'timer-every', type: 'number', min: 1, value: 3600 }),
    minute: h('input', { id: 'timer-minute', value: '0', maxlength: 100 }),
    hour: h('input', { id: 'timer-hour', value: '9', maxlength: 100 }),
    calendarDays: h('input', { id: 'timer-days', value: 'Mon-Fri', maxlength: 100 }),
  };
  const fields = {
    dayOfWeek: field('timer-day', 'Day', controls.dayOfWeek),
    time: field('timer-time', 'Time', controls.time),
    zone: field('timer-zone', 'Zone (IANA)', controls.zone),
    everySeconds: field('timer-every', 'Every (seconds)', controls.everySeconds),
    minute: field('timer-minute', 'Minute', controls.minute),
    hour: field('timer-hour', 'Hour', controls.hour),
    calendarDays: field('timer-days', 'Days of week', controls.calendarDays),
  };
  const shown = {
    daily: ['time', 'zone'],
    weekly: ['dayOfWeek', 'time', 'zone'],
    interval: ['everySeconds'],
    calendar: ['minute', 'hour', 'calendarDays', 'zone'],
  };
  const show = () => Object.entries(fields).forEach(([name, element]) => {
    element.hidden = !shown[controls.kind.value].includes(name);
  });
  controls.kind.addEventListener('change', show);
  show();

  /** The stored timer the form edits (with its ETag), or null while it makes a new one. */
  let editing = null;
  const timerDocument = () => {
    const kind = controls.kind.value;
    const schedule = { kind };
    if (kind === 'daily' || kind === 'weekly') {
      schedule.time = controls.time.value;
      schedule.zone = controls.zone.value.trim();
    }
    if (kind === 'weekly') schedule.dayOfWeek = controls.dayOfWeek.value;
    if (kind === 'interval') {
      schedule.everySeconds = Number(controls.everySeconds.value);
      // An edited interval keeps its anchor (its firings stay in step); a new one starts now.
      schedule.anchor = editing?.schedule.kind === 'interval' ? editing.schedule.anchor : new Date().toISOString();
    }
    if (kind === 'calendar') {
      schedule.minute = controls.minute.value.trim();
      schedule.hour = controls.hour.value.trim();
      schedule.dayOfWeek = controls.calendarDays.value.trim();
      schedule.zone = controls.zone.value.trim();
    }
    return { schedule };
  };
  const problem = h('p', { id: 'timer-error', class: 'error', role: 'alert' });
  const firings = h('div', { id: 'timer-preview', 'aria-live': 'polite' });
  const preview = async () => {
    fill(problem);
    try {
      const answer = await post(`${base}/preview?count=5`, timerDocument());
      fill(firings,
        h('p', {}, `Next firings (${answer.firings.length}), in your zone; UTC on hover:`),
        h('ol', { class: 'firings' }, answer.firings.map((at) => h('li', {}, time(at)))));
    } catch (error) {
      fill(firings);
      fill(problem, refusal('preview this timer', error));
    }
  };
  const title = h('h3', { id: 'timer-form-title' }, 'New timer');
  const saveButton = h('button', { type: 'submit', id: 'timer-save' }, 'Save timer');
  const stopEditing = () => {
    editing = null;
    title.textContent = 'New timer';
    saveButton.textContent = 'Save timer';
    cancelEdit.hidden = true;
    fill(firings);
  };
  const cancelEdit = h('button', {
    type: 'button', id: 'timer-cancel-edit', hidden: true, onclick: stopEditing,
  }, 'Stop editing');
  const save = () => decide('save this timer',
    (timer) => `Timer saved; it fires next ${timer.nextFireAt ? new Date(timer.nextFireAt).toLocaleString() : 'never'}.`,
    problem, async () => {
      const timer = editing
        ? (await call('PUT', `${base}/${enc(editing.id)}`, {
          body: {
            ...timerDocument(), notBefore: editing.notBefore, notAfter: editing.notAfter, active: editing.active,
          },
          headers: { 'If-Match': editing.etag },
        })).data
        : await post(base, timerDocument());
      stopEditing();
      return timer;
    }, after);
  const form = h('form', {
    id: 'timer-form', class: 'timer-form', 'aria-labelledby': 'timer-form-title',
    onsubmit: (e) => { e.preventDefault(); save(); },
  },
  title,
  field('timer-kind', 'Schedule', controls.kind),
  Object.values(fields),
  h('div', { class: 'actions' },
    h('button', { type: 'button', id: 'timer-preview-button', onclick: preview }, 'Preview firings'),
    saveButton,
    cancelEdit),
  problem,
  firings);

  /** Loads a stored timer into the form; saving then replaces it (refused if it changed since). */
  form.editTimer = async (timer) => {
    fill(problem);
    try {
      const { data, etag } = await call('GET', `${base}/${enc(timer.id)}`);
      editing = { ...data, etag };
      const schedule = data.schedule;
      controls.kind.value = schedule.kind;
      const set = (control, value) => { if (value !== undefined && value !== null) control.value = String(value); };
      set(controls.time, schedule.time);
      set(controls.zone, schedule.zone);
      set(schedule.kind === 'weekly' ? controls.dayOfWeek : controls.calendarDays, schedule.dayOfWeek);
      set(controls.everySeconds, schedule.everySeconds);
      set(controls.minute, schedule.minute);
      set(controls.hour, schedule.hour);
      show();
      title.textContent = 'Edit timer';
      saveButton.textContent = 'Save changes';
      cancelEdit.hidden = false;
      fill(firings);
      controls.kind.focus();
    } catch (error) {
      fill(problem, refusal('edit this timer', error));
    }
  };
  return form;
}

/** Opens a stored timer in the timer form for editing (operator and up). */
export function timerEdit(timer, form) {
  return h('button', {
    type: 'button', class: 'edit-timer', dataset: { timer: timer.id },
    'aria-label': `Edit the timer ${timer.schedule.kind} ${timer.schedule.time ?? ''}`.trim(),
    onclick: () => form.editTimer(timer),
  }, 'Edit');
}

/**
 * A button that deletes `path` after the person confirmed `question` (operator and up), saying
 * what came of it.
 */
function deleteButton({
  path, what, question, consequence, label, dataset, confirm, after,
}) {
  return h('button', {
    type: 'button', class: `danger delete-${what}`, dataset, 'aria-label': label,
    onclick: async () => {
      if (await confirm(question, consequence, 'Delete')) {
        await decide(`delete this ${what}`, `Deleted the ${what}.`, null, () => del(path), after);
      }
    },
  }, 'Delete');
}

/** Deletes a timer after the person confirmed (operator and up). */
export function timerDelete(agentId, timer, confirm, after) {
  return deleteButton({
    path: `/api/agents/${enc(agentId)}/timers/${enc(timer.id)}`,
    what: 'timer',
    question: 'Delete this timer?',
    consequence: 'The agent stops waking on this schedule.',
    label: `Delete the timer ${timer.schedule.kind} ${timer.schedule.time ?? ''}`.trim(),
    dataset: { timer: timer.id },
    confirm,
    after,
  });
}

// ---- Subscriptions -----------------------------------------------------------------------------

function list(text) {
  return text.split(/[,\n]/).map((v) => v.trim()).filter(Boolean);
}

/**
 * A form that makes a subscription for the agent: the semantic keys, subtype tokens and entity ids
 * it matches, and an optional predicate over the batch's entities. The server checks it (a bad
 * predicate is refused with its position) and its refusal is shown next to the form.
 */
export function subscriptionForm(agentId, after) {
  const text = (id, label, hint) => {
    const control = h('input', { id, maxlength: 2000, placeholder: hint });
    return [control, field(id, label, control)];
  };
  const [keys, keysField] = text('subscription-keys', 'Semantic keys', 'TASK, CHECKLIST');
  const [tokens, tokensField] = text('subscription-tokens', 'Subtype tokens', 'task.attention:open');
  const [ids, idsField] = text('subscription-ids', 'Entity ids', 'ids, comma separated');
  const [predicate, predicateField] = text('subscription-predicate', 'Predicate (optional)', 'status in ["open"]');
  const problem = h('p', { id: 'subscription-error', class: 'error', role: 'alert' });
  const save = () => {
    const body = {
      semanticKeys: list(keys.value), subtypeTokens: list(tokens.value), entityIds: list(ids.value),
    };
    if (predicate.value.trim()) body.predicate = predicate.value.trim();
    return decide('save this subscription', 'Subscription saved.', problem, async () => {
      await post(`/api/agents/${enc(agentId)}/subscriptions`, body);
      [keys, tokens, ids, predicate].forEach((control) => { control.value = ''; });
    }, after);
  };
  return h('form', {
    id: 'subscription-form', class: 'timer-form', 'aria-labelledby': 'subscription-form-title',
    onsubmit: (e) => { e.preventDefault(); save(); },
  },
  h('h3', { id: 'subscription-form-title' }, 'New subscription'),
  keysField, tokensField, idsField, predicateField,
  h('div', { class: 'actions' }, h('button', { type: 'submit', id: 'subscription-save' }, 'Save subscription')),
  problem);
}

/** Deletes a subscription after the person confirmed (operator and up). */
export function subscriptionDelete(agentId, subscription, confirm, after) {
  const matches = [...subscription.semanticKeys, ...subscription.subtypeTokens].join(', ');
  return deleteButton({
    path: `/api/agents/${enc(agentId)}/subscriptions/${enc(subscription.id)}`,
    what: 'subscription',
    question: 'Delete this subscription?',
    consequence: 'The agent stops waking on these changes.',
    label: `Delete the subscription to ${matches || 'entities'}`,
    dataset: { subscription: subscription.id },
    confirm,
    after,
  });
}
