import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types';

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

function nodeMarkup(node: AbstractNode): string {
  const attributes = Object.entries(node.attrs)
    .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
    .join('');
  return `<${node.tag}${attributes}>${(node.children ?? []).map(nodeMarkup).join('')}</${node.tag}>`;
}

/**
 * One of antd's icons as SVG markup, from its plain data (@ant-design/icons-svg), without the
 * React icon library's runtime: sized and coloured like text, as antd's are. The one drawing of
 * an icon, for React (SvgIcon) and for the pages that run without it (the SOS page, the toasts).
 */
export function svgIconMarkup(icon: IconDefinition): string {
  const drawing = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return nodeMarkup({
    ...drawing,
    attrs: { ...drawing.attrs, width: '1em', height: '1em', fill: 'currentColor', focusable: 'false' },
  });
}

/** The icon in the span that sizes it (svg-icon.css), hidden from screen readers. */
export function svgIconElement(icon: IconDefinition, className?: string): HTMLSpanElement {
  const span = document.createElement('span');
  span.className = className ? `svg-icon ${className}` : 'svg-icon';
  span.setAttribute('aria-hidden', 'true');
  span.innerHTML = svgIconMarkup(icon);
  return span;
}
