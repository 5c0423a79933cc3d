// Tool calls and their results as one readable line ("create_task → task 'Call the bank'",
// "ask_user → asked "…"", "update_task_priority → refused: out_of_scope — …"), for the activity
// log, the tool-call tables and a run's page; the raw JSON stays one click away beside it. Pure
// functions of the API's data: no page, no request. Whatever shape comes, they never throw: what
// they do not understand they leave out, down to the tool's name and status.

const LONGEST = 80;

function object(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

function text(value) {
  if (value === undefined || value === null) return '';
  const line = String(value).replace(/\s+/g, ' ').trim();
  return line.length > LONGEST ? `${line.slice(0, LONGEST - 1)}…` : line;
}

const quoted = (value) => `'${text(value)}'`;

/** Reads JSON text, or gives null (a message's content is text that is usually JSON). */
export function parse(content) {
  if (typeof content !== 'string' || !content.trim()) return null;
  try {
    return JSON.parse(content);
  } catch {
    return null;
  }
}

function plural(count, one, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

/** The task a call is about: its title from the result or the arguments, else its id. */
function task(args, payload) {
  const its = object(payload.task);
  const title = its.title ?? args.title;
  if (title) return `task ${quoted(title)}`;
  const id = its.id ?? args.taskId;
  return id ? `task ${text(id)}` : 'task';
}

/** "p2 → p0", or just "p0" without what it was before. */
function change(before, after) {
  if (after === undefined || after === null || after === '') return '';
  return before !== undefined && before !== null && before !== '' && before !== after
    ? `${text(before)} → ${text(after)}` : text(after);
}

/** The field a task tool sets, before and after; `previousX` in the result when it says so. */
function taskField(field) {
  return (args, payload) => {
    const now = object(payload.task)[field] ?? args[field];
    const previous = payload[`previous${field[0].toUpperCase()}${field.slice(1)}`];
    const what = change(previous, now);
    const line = what ? `${task(args, payload)}: ${what}` : task(args, payload);
    return payload.changed === false ? `${line} (unchanged)` : line;
  };
}

function listCount(list, one, many) {
  return Array.isArray(list) ? plural(list.length, one, many) : null;
}

/** The tools with a line of their own; any other goes through `generic`. */
const SPECIFIC = {
  create_task: (args, payload) => {
    const where = args.categoryName ?? payload.categoryName;
    const priority = object(payload.task).priority ?? args.priority;
    return [task(args, payload), where ? `in ${text(where)}` : '', priority ? `(${text(priority)})` : '']
      .filter(Boolean).join(' ');
  },
  update_task_priority: taskField('priority'),
  set_task_status: (args, payload) => {
    const line = taskField('status')(args, payload);
    return args.reason ? `${line} — ${text(args.reason)}` : line;
  },
  set_task_title: taskField('title'),
  update_task_due_date: taskField('dueDate'),
  update_task_estimate: taskField('estimateMinutes'),
  ask_user: (args, payload) => {
    const question = args.question ?? payload.question;
    const asked = question ? `asked "${text(question)}"` : 'asked a person';
    return payload.answer !== undefined ? `${asked}, answered "${text(payload.answer)}"` : asked;
  },
  propose_plan: (args) => {
    const steps = listCount(args.steps, 'step');
    return `proposed plan ${quoted(args.title)}${steps ? ` (${steps})` : ''}`;
  },
  record_observations: (args, payload) => {
    const list = [args.observations, payload.observationIds].find(Array.isArray) ?? [];
    const first = object(list[0]).text;
    return `recorded ${plural(list.length, 'observation')}${first ? `: ${quoted(first)}` : ''}`;
  },
  update_report: () => 'updated its report',
  set_next_wake: (args, payload) => {
    const at = payload.wakeAt ?? args.wakeAt ?? args.at;
    return at ? `next wake at ${text(at)}` : 'set its next wake';
  },
  add_multiple_checklist_items: (args) => {
    const items = listCount(args.items, 'item');
    return items ? `added ${items} to a checklist` : 'added checklist items';
  },
};

/** Names of the most telling argument, in the order they are looked for. */
const TELLING = ['title', 'name', 'displayName', 'text', 'question', 'query', 'summary', 'taskId', 'id'];

/** Tool name plus the most telling argument, for a tool without a line of its own. */
function generic(args, payload) {
  if (object(payload.task).title) return task(args, payload);
  for (const key of TELLING) {
    const value = args[key] ?? payload[key];
    if (typeof value === 'string' || typeof value === 'number') {
      if (key === 'taskId') return `task ${text(value)}`;
      if (key === 'id') return text(value);
      return key === 'title' || key === 'name' || key === 'displayName'
        ? quoted(value) : `${key} ${quoted(value)}`;
    }
  }
  const count = Object.values(args).find(Array.isArray) ?? Object.values(payload).find(Array.isArray);
  return count ? plural(count.length, 'item') : '';
}

/** What the outcome adds: nothing for a plain success, else the refusal or the wait. */
function outcome(status, errorCode, error) {
  if (errorCode === 'awaiting_answer') return 'waiting for an answer';
  if (errorCode === 'awaiting_approval') return 'waiting for approval';
  if (errorCode === 'in_doubt') return 'in doubt: sent, outcome unknown';
  if (errorCode) return `refused: ${text(errorCode)}${error ? ` — ${text(error)}` : ''}`;
  if (status === 'failed' || status === 'error') return `failed${error ? ` — ${text(error)}` : ''}`;
  if (status === 'running' || status === 'started' || status === 'pending') return text(status);
  return '';
}

/**
 * One line for a tool call: `tool` its name; `args` its arguments; `payload` what it answered (the
 * result's payload), `status`, `errorCode` and `error` how it went. A refused call reads
 * "tool → refused: code — message"; a call it cannot read at all, "tool (status)".
 */
export function summarise({
  tool, args, payload, status, errorCode, error,
} = {}) {
  const name = text(tool) || 'tool';
  try {
    const arguments_ = object(args);
    const answered = object(payload);
    const failed = outcome(status, errorCode, error);
    if (failed && errorCode && errorCode !== 'awaiting_answer' && errorCode !== 'awaiting_approval') {
      return `${name} → ${failed}`;
    }
    const what = (SPECIFIC[tool] ?? generic)(arguments_, answered);
    const line = what ? `${name} → ${what}` : name;
    return failed ? `${line} (${failed})` : line;
  } catch {
    return status ? `${name} (${text(status)})` : name;
  }
}

/** The line for a row of the tool-call ledger (GET /api/agents/{id}/tool-calls, a run's calls). */
export function summariseCall(call) {
  const c = object(call);
  const result = object(c.result);
  return summarise({
    tool: c.toolName ?? result.toolName,
    args: c.arguments,
    payload: result.payload,
    status: c.status,
    errorCode: c.errorCode ?? result.errorCode,
    error: c.error ?? result.errorMessage,
  });
}

/**
 * The line for an activity-log message that is a tool call (kind `action`, its content the
 * arguments) or its result (`toolResult`, its content the payload, its status and error in the
 * metadata); null for any other message, which keeps its text.
 */
export function summariseMessage(message) {
  const m = object(message);
  if (m.kind !== 'action' && m.kind !== 'toolResult') return null;
  const metadata = object(m.metadata);
  const extension = object(metadata.extension);
  const envelope = object(extension[m.kind === 'action' ? 'reveille.action' : 'reveille.toolResult']);
  const content = parse(m.content);
  if (m.kind === 'action') {
    return summarise({ tool: envelope.toolName, args: content });
  }
  return summarise({
    tool: envelope.toolName,
    payload: content,
    status: metadata.status,
    errorCode: metadata.errorCode,
    error: metadata.errorMessage,
  });
}
