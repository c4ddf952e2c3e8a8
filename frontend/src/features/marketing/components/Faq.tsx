import { BUSINESS, telHref } from '@towing/contracts';
import { Link } from 'react-router-dom';
import { FAQ } from '../content';

/** Each question opens on its own: <details> keeps them independent with no script. */
export function Faq() {
  return (
    <section className="faq" aria-labelledby="faq-heading">
      <h2 id="faq-heading">Frequently Asked Questions</h2>
      {FAQ.map((item) => (
        <details key={item.question} className="faq-item">
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
      <p className="faq-more">
        Still have a question? <Link to="/contact">Contact us</Link> or call <a href={telHref(BUSINESS.phoneE164)}>{BUSINESS.phone}</a>.
      </p>
    </section>
  );
}
