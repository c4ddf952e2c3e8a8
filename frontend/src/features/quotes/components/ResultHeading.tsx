/** A Result's title as a real heading, so screen readers (and page outlines) find it. */
export function ResultHeading({ level = 2, children }: { level?: 1 | 2; children: string }) {
  const Tag = level === 1 ? 'h1' : 'h2';
  return <Tag className="result-heading">{children}</Tag>;
}
