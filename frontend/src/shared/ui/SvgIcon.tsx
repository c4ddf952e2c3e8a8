import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types';
import { createElement, type ReactElement } from 'react';
import './svg-icon.css';

/** The SVG data names attributes as SVG does (`fill-rule`); React wants them in camelCase (`fillRule`). */
function reactProps(attrs: AbstractNode['attrs']): Record<string, string> {
  const { focusable: _focusable, ...rest } = attrs;
  return Object.fromEntries(Object.entries(rest).map(([name, value]) => [name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()), value]));
}

function toElement(node: AbstractNode, key?: number): ReactElement {
  return createElement(node.tag, { key, ...reactProps(node.attrs) }, node.children?.map(toElement));
}

/**
 * One of antd's icons drawn from its plain SVG data (@ant-design/icons-svg), without the React
 * icon library's runtime: what the SOS page and the toasts show must not cost a phone on one
 * bar of signal more than the drawing itself. Sized and coloured like text, as antd's are.
 */
export function SvgIcon({ icon, className }: { icon: IconDefinition; className?: string }) {
  const drawing = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span className={className ? `svg-icon ${className}` : 'svg-icon'} aria-hidden="true">
      {createElement('svg', { ...reactProps(drawing.attrs), width: '1em', height: '1em', fill: 'currentColor', focusable: 'false' }, drawing.children?.map(toElement))}
    </span>
  );
}
