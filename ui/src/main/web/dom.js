// Tiny DOM helpers: every text goes in as a text node, never as HTML, so nothing a model wrote can run here.

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'class') node.className = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function svg(tag, attrs, ...children) {
  const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  append(node, children);
  return node;
}

export function pct(value, digits = 1) {
  return value === null || value === undefined || Number.isNaN(value) ? '–' : (value * 100).toFixed(digits) + ' %';
}

export function usd(value) {
  if (value === null || value === undefined) return '–';
  const n = Number(value);
  return '$' + (n >= 1 ? n.toFixed(2) : n.toFixed(4));
}

export function num(value) {
  return value === null || value === undefined ? '–' : Number(value).toLocaleString('en');
}

export function when(iso) {
  if (!iso) return '–';
  const d = new Date(iso);
  return d.toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}

export function badge(status) {
  return el('span', { class: 'badge status-' + status, 'data-status': status }, status);
}

export function section(title, ...children) {
  return el('section', { class: 'card' }, el('h2', {}, title), ...children);
}
