import { useLayoutEffect, useRef, useState } from 'react';

/** A customer's description cut to three lines, with "more" when there is more, until the dispatcher asks for the rest. */
export function LongText({ text }: { text: string }) {
  const paragraph = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const element = paragraph.current;
    if (element && !expanded) setCut(element.scrollHeight > element.clientHeight);
  }, [text, expanded]);
  return (
    <div>
      <p ref={paragraph} className={expanded ? 'board-long-text' : 'board-long-text board-long-text-clamped'}>
        {text}
      </p>
      {cut && !expanded && (
        <button type="button" className="board-text-button" onClick={() => setExpanded(true)}>
          more
        </button>
      )}
    </div>
  );
}
