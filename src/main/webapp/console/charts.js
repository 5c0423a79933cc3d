// The console's pictures: charts over time drawn by uPlot (vendored, see vendor/uplot/VERSION),
// and a run's timeline, an agent's wake strip and bars in a table drawn as plain elements. Every
// picture is a <figure> with a caption and the same numbers as a table (under "Show the numbers",
// or the table is the picture itself), so a screen reader, or anyone who wants the exact values,
// reads them there; the drawing is hidden from assistive technology. Colours come from the
// stylesheet's custom properties (--chart-1 …), and positions are set through the element's style
// object, which the Content-Security-Policy (style-src 'self') allows where a style attribute is
// not.

import uPlot from './vendor/uplot/uPlot.esm.js';
import { h, fill, table, time } from './dom.js';

const PALETTE_SIZE = 8;
const HEIGHT = 180;

/** The value of a custom property of the stylesheet, e.g. css('--chart-1'). */
function css(name, element = document.documentElement) {
  return getComputedStyle(element).getPropertyValue(name).trim();
}

/** The theme's n-th chart colour (0-based, wrapping round the palette). */
export function colour(n) {
  return css(`--chart-${(n % PALETTE_SIZE) + 1}`) || '#0b5cad';
}

/** "350 ms", "4.2 s", "3.5 min", "2.1 h". */
export function duration(ms) {
  if (ms === null || ms === undefined || Number.isNaN(ms)) return '—';
  const abs = Math.abs(ms);
  if (abs < 1000) return `${Math.round(ms)} ms`;
  if (abs < 60000) return `${(ms / 1000).toFixed(1)} s`;
  if (abs < 3600000) return `${(ms / 60000).toFixed(1)} min`;
  return `${(ms / 3600000).toFixed(1)} h`;
}

function legend(entries) {
  return h('ul', { class: 'chart-legend', 'aria-hidden': 'true' }, entries.map(([label, paint]) => {
    const swatch = h('span', { class: 'swatch' });
    paint(swatch);
    return h('li', {}, swatch, label);
  }));
}

function numbers(summary, content) {
  return h('details', { class: 'chart-numbers' }, h('summary', {}, summary), content);
}

/**
 * A chart of values per minute, drawn by uPlot in the width of its container (redrawn when that
 * changes), with its numbers as a table. `stacked`: bars stacked per minute (counts); otherwise
 * lines with points, a gap where a minute has no value. `format` writes a value of the y axis and
 * the table. Stops following its container's size when `signal` aborts.
 *
 * update(times, series): times in seconds since the epoch; series [{label, values, colour}], the
 * colour an index into the palette, so that a key keeps its colour whatever else is shown.
 */
export function timeChart({
  id, caption, stacked = false, format = String, signal,
}) {
  const plot = h('div', { class: 'chart-plot', 'aria-hidden': 'true' });
  const key = h('div', {});
  const text = h('div', { class: 'chart-table' });
  const element = h('figure', { class: 'chart', id },
    h('figcaption', {}, caption), key, plot, numbers('Show the numbers', text));
  let chart = null;
  let labels = null;
  let shown = '';
  const width = () => Math.max(240, Math.floor(plot.clientWidth || 600));
  const observer = new ResizeObserver(() => {
    if (chart && Math.abs(chart.width - width()) >= 2) {
      chart.setSize({ width: width(), height: HEIGHT });
    }
  });
  observer.observe(plot);
  signal.addEventListener('abort', () => {
    observer.disconnect();
    chart?.destroy();
  });

  const axis = (values) => ({
    stroke: css('--muted'),
    grid: { stroke: css('--line'), width: 1 },
    ticks: { stroke: css('--line'), width: 1 },
    ...(values ? { values, size: 64 } : {}),
  });

  const build = (series) => {
    chart?.destroy();
    const bars = uPlot.paths.bars({ size: [0.75, 24] });
    // Stacked: each series holds the running total up to it and is drawn from the topmost down,
    // so each one's colour shows just its own share of the bar.
    const drawn = stacked ? [...series].reverse() : series;
    chart = new uPlot({
      width: width(),
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false, drag: { x: false, y: false } },
      select: { show: false },
      scales: {
        // Half a minute either side, so the first and the last minute's bars are whole.
        x: { time: true, range: (u, min, max) => [min - 30, max + 30] },
        // From zero; with nothing to show, one run or one second.
        y: { range: (u, min, max) => [0, max > 0 ? max * 1.1 : (stacked ? 1 : 1000)] },
      },
      axes: [
        axis(),
        // Counts and milliseconds are whole: a split between two is left unlabelled.
        axis((u, splits) => splits.map((v) => (Number.isInteger(v) ? format(v) : ''))),
      ],
      series: [{}, ...drawn.map((s) => ({
        label: s.label,
        stroke: colour(s.colour),
        fill: stacked ? colour(s.colour) : undefined,
        width: stacked ? 1 : 2,
        paths: stacked ? bars : undefined,
        points: { show: !stacked, size: 6 },
        spanGaps: false,
      }))],
    }, [[]], plot);
    fill(key, legend(series.map((s) => [s.label, (swatch) => {
      swatch.style.background = colour(s.colour);
    }])));
  };

  const update = (times, series) => {
    const now = JSON.stringify([times, series]);
    if (now === shown) return;
    shown = now;
    const names = series.map((s) => s.label).join('\n');
    if (names !== labels) {
      labels = names;
      build(series);
    }
    let columns = series.map((s) => s.values);
    if (stacked) {
      const totals = times.map(() => 0);
      columns = series.map((s) => s.values.map((v, i) => {
        totals[i] += v || 0;
        return v ? totals[i] : null;
      }));
      columns.reverse();
    }
    chart.setData([times, ...columns]);
    const rows = times.map((t, i) => ({ t, values: series.map((s) => s.values[i]) }))
      .filter((row) => row.values.some((v) => v !== null && v !== undefined && (!stacked || v !== 0)))
      .reverse();
    fill(text, table(`${caption}: the minutes with ${stacked ? 'runs' : 'a value'}, newest first`,
      ['Minute', ...series.map((s) => s.label)], rows, (row) => h('tr', {},
        h('td', {}, time(new Date(row.t * 1000).toISOString())),
        row.values.map((v) => h('td', { class: 'number' },
          v === null || v === undefined ? '—' : format(v))))));
  };
  return { element, update };
}

/**
 * A table that is its own picture: one row per item with its numbers and a bar in proportion to
 * `value(item)` (drawn for sighted readers; the numbers in the row say the same).
 */
export function barTable(caption, columns, items, cells, value) {
  const largest = Math.max(1, ...items.map(value));
  return table(caption, [...columns, 'Share'], items, (item) => {
    const bar = h('span', { class: 'bar' });
    bar.style.width = `${(100 * value(item)) / largest}%`;
    return h('tr', {}, cells(item), h('td', { class: 'bar-cell', 'aria-hidden': 'true' }, bar));
  });
}

const since = (origin, instant) => new Date(instant).getTime() - origin;

/**
 * A run's timeline: each step a bar from its start to its end on one scale, from the run's
 * queuing to its end (or now, while it goes on), with the steps as a table beside it.
 *
 * steps: [{label, kind, status, start, end}] with ISO instants; an open end runs to `now`.
 */
export function timeline({
  id, caption, origin, steps, now = Date.now(),
}) {
  const start = new Date(origin).getTime();
  const ends = steps.map((s) => (s.end ? since(start, s.end) : now - start));
  const span = Math.max(1, ...ends);
  const rows = steps.map((s, i) => ({
    ...s, offset: since(start, s.start), length: ends[i] - since(start, s.start),
  }));
  const bars = h('div', { class: 'timeline-rows', 'aria-hidden': 'true' }, rows.map((s) => {
    const bar = h('span', { class: `timeline-bar timeline-${s.kind}`, title: `${s.label}: ${duration(s.length)}` });
    bar.style.left = `${(100 * Math.max(0, s.offset)) / span}%`;
    bar.style.width = `${(100 * Math.max(0, s.length)) / span}%`;
    return h('div', { class: 'timeline-row' },
      h('span', { class: 'timeline-label' }, s.label),
      h('span', { class: 'timeline-track' }, bar));
  }));
  const scale = h('div', { class: 'timeline-scale', 'aria-hidden': 'true' },
    h('span', {}, '0'), h('span', {}, duration(span / 2)), h('span', {}, duration(span)));
  return h('figure', { class: 'chart timeline', id },
    h('figcaption', {}, `${caption} (${duration(span)} in all)`),
    legend([['waiting', 'wait'], ['running', 'run'], ['model turn or phase', 'step'], ['tool call', 'tool']]
      .map(([label, kind]) => [label, (swatch) => swatch.classList.add(`timeline-${kind}`)])),
    bars,
    scale,
    numbers('Show the steps as a table', table(`${caption}: each step`,
      ['Step', 'Status', 'Starts after', 'Lasted'], rows, (s) => h('tr', {},
        h('td', {}, s.label),
        h('td', {}, s.status || '—'),
        h('td', { class: 'number' }, duration(s.offset)),
        h('td', { class: 'number' }, s.end ? duration(s.length) : `${duration(s.length)} so far`)))));
}

/**
 * An agent's runs over time: one mark per run where it was queued, coloured by its status, from
 * the oldest shown to now; the runs as a table beside it. `link(run)` is the table's link to a run.
 */
export function wakeStrip({
  id, caption, runs, link, now = Date.now(),
}) {
  const oldest = runs.length ? Math.min(...runs.map((r) => new Date(r.createdAt).getTime())) : now;
  const span = Math.max(60000, now - oldest);
  const statuses = [...new Set(runs.map((r) => r.status))].sort();
  const track = h('div', { class: 'strip-track', 'aria-hidden': 'true' }, runs.map((r) => {
    const mark = h('span', {
      class: `strip-mark status-${r.status}`, title: `${r.reason}, ${r.status}, ${r.createdAt}`,
    });
    mark.style.left = `${(100 * (new Date(r.createdAt).getTime() - oldest)) / span}%`;
    return mark;
  }));
  const scale = h('div', { class: 'timeline-scale', 'aria-hidden': 'true' },
    h('span', {}, runs.length ? new Date(oldest).toLocaleString() : ''), h('span', {}, 'now'));
  const lasted = (r) => (r.startedAt && r.completedAt
    ? duration(since(new Date(r.startedAt).getTime(), r.completedAt)) : '—');
  return h('figure', { class: 'chart wake-strip', id },
    h('figcaption', {}, runs.length
      ? `${caption}: ${runs.length} ${runs.length === 1 ? 'run' : 'runs'} over the last ${duration(span)}`
      : `${caption}: no runs yet`),
    legend(statuses.map((s) => [s, (swatch) => swatch.classList.add(`status-${s}`)])),
    track,
    scale,
    numbers('Show the runs as a table', table(`${caption}, newest first`,
      ['Queued', 'Reason', 'Status', 'Lasted', 'Run'], runs, (r) => h('tr', {},
        h('td', {}, time(r.createdAt)),
        h('td', {}, r.reason),
        h('td', {}, r.status),
        h('td', { class: 'number' }, lasted(r)),
        h('td', {}, link(r))))));
}
