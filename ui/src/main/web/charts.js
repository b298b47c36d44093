// Charts as inline SVG: horizontal bars, with an interval whisker where there is one.
import { el, svg } from './dom.js';

/**
 * rows: [{label, value, low?, high?, text}] ; max: the axis' end (1 for rates).
 */
export function barChart(title, rows, { max = null, format = v => String(v), id = null } = {}) {
  const width = 640, labelWidth = 230, barArea = width - labelWidth - 90, rowHeight = 26;
  const top = Math.max(max ?? 0, ...rows.map(r => Math.max(r.high ?? 0, r.value ?? 0))) || 1;
  const x = v => labelWidth + (v / top) * barArea;
  const height = rows.length * rowHeight + 24;
  const chart = svg('svg', { viewBox: `0 0 ${width} ${height}`, width: '100%', role: 'img', 'aria-label': title, class: 'chart' });
  rows.forEach((row, i) => {
    const y = 8 + i * rowHeight;
    chart.append(svg('text', { x: labelWidth - 8, y: y + 14, 'text-anchor': 'end', class: 'chart-label' }, clip(row.label, 34)));
    chart.append(svg('rect', { x: labelWidth, y: y + 2, width: barArea, height: 16, class: 'chart-track' }));
    if (row.value !== null && row.value !== undefined) {
      chart.append(svg('rect', { x: labelWidth, y: y + 2, width: Math.max(1, x(row.value) - labelWidth), height: 16, class: 'chart-bar' },
        svg('title', {}, row.label + ': ' + (row.text ?? format(row.value)))));
    }
    if (row.low !== undefined && row.low !== null) {
      const cy = y + 10;
      chart.append(svg('line', { x1: x(row.low), x2: x(row.high), y1: cy, y2: cy, class: 'chart-whisker' }));
      chart.append(svg('line', { x1: x(row.low), x2: x(row.low), y1: cy - 6, y2: cy + 6, class: 'chart-whisker' }));
      chart.append(svg('line', { x1: x(row.high), x2: x(row.high), y1: cy - 6, y2: cy + 6, class: 'chart-whisker' }));
    }
    chart.append(svg('text', { x: labelWidth + barArea + 6, y: y + 14, class: 'chart-value' }, row.text ?? format(row.value)));
  });
  const axisY = rows.length * rowHeight + 12;
  chart.append(svg('line', { x1: labelWidth, x2: labelWidth + barArea, y1: axisY, y2: axisY, class: 'chart-axis' }));
  chart.append(svg('text', { x: labelWidth, y: axisY + 11, class: 'chart-tick' }, format(0)));
  chart.append(svg('text', { x: labelWidth + barArea, y: axisY + 11, 'text-anchor': 'end', class: 'chart-tick' }, format(top)));
  return el('figure', { class: 'chart-figure', id }, el('figcaption', {}, title), chart);
}

function clip(text, n) {
  return text.length > n ? text.slice(0, n - 1) + '…' : text;
}

/**
 * A distribution as vertical bars: buckets [{label, count, cls?}], one bar per bucket, its count
 * above it. Small enough to set one per trait side by side.
 */
export function histogram(title, buckets, { id = null } = {}) {
  const width = 300, height = 150, left = 8, bottom = 22, top = 16;
  const slot = (width - 2 * left) / Math.max(1, buckets.length);
  const most = Math.max(1, ...buckets.map(b => b.count));
  const chart = svg('svg', { viewBox: `0 0 ${width} ${height}`, width: '100%', role: 'img', 'aria-label': title, class: 'chart histogram' });
  buckets.forEach((bucket, i) => {
    const h = (bucket.count / most) * (height - bottom - top);
    const x = left + i * slot;
    chart.append(svg('rect', { x: x + slot * 0.1, y: height - bottom - h, width: slot * 0.8, height: Math.max(h, bucket.count ? 1 : 0),
      class: 'chart-bar' + (bucket.cls ? ' ' + bucket.cls : ''), 'data-bucket': bucket.label, 'data-count': bucket.count },
      svg('title', {}, `${bucket.label}: ${bucket.count}`)));
    chart.append(svg('text', { x: x + slot / 2, y: height - bottom - h - 3, 'text-anchor': 'middle', class: 'chart-value' }, String(bucket.count)));
    chart.append(svg('text', { x: x + slot / 2, y: height - 6, 'text-anchor': 'middle', class: 'chart-tick' }, clip(String(bucket.label), 10)));
  });
  return el('figure', { class: 'chart-figure small-chart', id }, el('figcaption', {}, title), chart);
}
