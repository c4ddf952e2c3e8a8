import { Modal } from 'antd';
import { useState } from 'react';
import { GALLERY, GALLERY_CATEGORIES, type GalleryCategory, type GalleryImage } from './content';
import './marketing.css';
import { screenTitle, useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

type Filter = 'All Photos' | GalleryCategory;
const FILTERS: Filter[] = ['All Photos', ...GALLERY_CATEGORIES];

function GalleryPicture({ image, className }: { image: GalleryImage; className: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div className={`${className} gallery-unavailable`} role="img" aria-label={image.alt}>
        Image unavailable
      </div>
    );
  }
  return <img className={className} src={image.src} alt={image.alt} loading="lazy" onError={() => setFailed(true)} />;
}

export default function GalleryPage() {
  useDocumentTitle(screenTitle('Gallery'));
  const [filter, setFilter] = useState<Filter>('All Photos');
  const [open, setOpen] = useState<GalleryImage | null>(null);
  const shown = filter === 'All Photos' ? GALLERY : GALLERY.filter((image) => image.category === filter);

  return (
    <div className="page marketing">
      <section className="hero">
        <h1>Gallery</h1>
        <p className="hero-lead">Recoveries, tows and the gear that gets them done.</p>
      </section>

      <div className="filter-row" role="group" aria-label="Filter photos">
        {FILTERS.map((name) => (
          <button key={name} type="button" className={`filter-button${filter === name ? ' filter-active' : ''}`} aria-pressed={filter === name} onClick={() => setFilter(name)}>
            {name}
          </button>
        ))}
      </div>

      {shown.length === 0 ? (
        <p className="empty-state">No images found for this category</p>
      ) : (
        <div className="gallery-grid">
          {shown.map((image) => (
            <button key={image.src} type="button" className="gallery-item" onClick={() => setOpen(image)}>
              <GalleryPicture image={image} className="gallery-thumb" />
              <span className="gallery-caption">
                <strong>{image.title}</strong>
                <span>{image.description}</span>
                <span className="gallery-category">{image.category}</span>
              </span>
            </button>
          ))}
        </div>
      )}

      <Modal open={open !== null} onCancel={() => setOpen(null)} footer={null} title={open?.title} width={880} centered destroyOnHidden>
        {open && (
          <>
            <GalleryPicture image={open} className="gallery-large" />
            <p>{open.description}</p>
          </>
        )}
      </Modal>

      <section aria-labelledby="equipment-heading">
        <h2 id="equipment-heading">Our Equipment</h2>
        <div className="card-grid card-grid-3">
          <article className="info-card">
            <h3>Heavy-Duty Tow Trucks</h3>
            <p>Two trucks with tilt trays and wheel-lifts, rated for 4WDs, utes and light commercial vehicles.</p>
          </article>
          <article className="info-card">
            <h3>Recovery Equipment</h3>
            <p>Electric winches, rated shackles, snatch straps, snatch blocks, recovery boards and high-lift jacks.</p>
          </article>
          <article className="info-card">
            <h3>Diagnostic Tools</h3>
            <p>Dealer-level scan tools, multimeters and a mobile workshop for repairs on the spot.</p>
          </article>
        </div>
      </section>
    </div>
  );
}
