import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import { svgIconMarkup } from './svg-icon';
import './svg-icon.css';

/**
 * One of antd's icons drawn from its plain SVG data (svg-icon.ts), without the React icon
 * library's runtime: what the toasts and the SOS page show must not cost a phone on one bar of
 * signal more than the drawing itself. Sized and coloured like text, as antd's are.
 */
export function SvgIcon({ icon, className }: { icon: IconDefinition; className?: string }) {
  return <span className={className ? `svg-icon ${className}` : 'svg-icon'} aria-hidden="true" dangerouslySetInnerHTML={{ __html: svgIconMarkup(icon) }} />;
}
