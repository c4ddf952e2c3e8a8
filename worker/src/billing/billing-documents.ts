import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import {
  buyerIdentityRequired,
  BUSINESS,
  formatMoney,
  formatMultiplier,
  formatPerthDateTime,
  formatPerthLongDate,
  JOB_MEDIA_KINDS,
  JOB_MEDIA_LABELS,
  perthLocalToIso,
  type PdfRenderRequest,
  quoteTerms,
  quoteLabel,
  quotePath,
  quotePdfFilename,
  quoteRoute,
  TAX_INVOICE,
} from '@towing/contracts';
import { ENVIRONMENT, type Environment } from '@towing/platform';
import { InvoiceEntity, invoicesOfQuote, JobPhotoEntity, QuoteEntity, quoteColumns, quoteFigures } from '@towing/db';
import { PdfRenderer } from '../pdf/pdf-renderer.js';
import { deductedDeposit } from './deducted-deposit.js';
import { TemplatesService } from '../templates/templates.service.js';

const GROUP_TITLES = { service: 'Services', parts: 'Parts', misc: 'Miscellaneous' } as const;
const KIND_LABELS = { deposit: 'the deposit', balance: 'the balance' } as const;
const KIND_TITLES = { deposit: 'Deposit', balance: 'Balance after service' } as const;

export interface RenderedPdf {
  bytes: Buffer;
  filename: string;
}

/** Sample data for warming the renderer: the shape of a real quote, nobody's details. */
const SAMPLE_QUOTE = {
  customerName: 'Sample Customer',
  customerPhone: '0400 000 000',
  customerEmail: 'sample@example.com',
  vehicleType: 'Sample vehicle',
  service: 'Sample service',
  fromLocation: 'Karratha',
  toLocation: 'Tom Price',
  distance: 0,
  notes: 'Sample notes',
  discountPercent: 10,
  depositAmount: null,
  validDays: 14,
  items: [
    { description: 'Sample service', quantity: 1, unitPrice: 10_000, category: 'service' as const },
    { description: 'Sample part', quantity: 2, unitPrice: 1_000, category: 'parts' as const },
  ],
};

/** The business details every document prints, beyond what the templates service adds. */
const SELLER = { base: BUSINESS.base, businessEmail: BUSINESS.email };

/** What an invoice's email and PDF print beyond the invoice: its quote, and the deposit a balance takes off. */
/** A photo's thumbnail for a printed page: at most 480 px wide, a few tens of kB. */
async function thumbnail(photo: Buffer): Promise<Buffer> {
  // Loaded with the first photo printed: libvips is a large native library most worker starts never need.
  const { default: sharp } = await import('sharp');
  return sharp(photo).resize({ width: 480, withoutEnlargement: true }).jpeg({ quality: 70 }).toBuffer();
}

export interface InvoiceContext {
  quote: QuoteEntity | null;
  /** The paid deposit invoice's number, on a balance invoice that subtracted it; else null. */
  depositNumber: string | null;
  /** What the driver recorded on the invoice's job: the vehicle's photos and the customer's release, oldest first. */
  fieldRecord: Array<Pick<JobPhotoEntity, 'kind' | 'takenAt' | 'createdAt' | 'signedBy'> & { image: string }>;
}

/**
 * The quote and tax invoice as documents: their printed fields (money formatted, dates in
 * Perth) for the PDF templates and the messages that carry them, and their PDFs.
 */
@Injectable()
export class BillingDocuments implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
    private readonly templates: TemplatesService,
    private readonly renderer: PdfRenderer,
  ) {}

  /** The renderer warms each fresh context on a sample quote, so a customer's PDF does not pay for it. */
  onModuleInit(): void {
    const sample = Object.assign(new QuoteEntity(), quoteColumns(SAMPLE_QUOTE), { id: 'sample', quoteNumber: 1, createdAt: new Date() });
    const fields = this.quoteFields(sample);
    this.renderer.warmUpWith(this.templates.pdf('pdf/quote', { ...fields, title: 'Quote', number: fields.quoteLabel }));
  }

  acceptUrl(quoteId: string): string {
    return `${this.environment.publicUrl}${quotePath(quoteId)}`;
  }

  /** A quote's printed fields; also what the quote email and SMS say. */
  quoteFields(quote: QuoteEntity) {
    const figures = quoteFigures(quote);
    const categories = Object.keys(GROUP_TITLES) as Array<keyof typeof GROUP_TITLES>;
    return {
      ...SELLER,
      quoteLabel: quoteLabel(quote.quoteNumber),
      customerName: quote.customerName,
      customerPhone: quote.customerPhone,
      customerEmail: quote.customerEmail,
      service: quote.service,
      vehicleType: quote.vehicleType,
      route: quoteRoute(quote.fromLocation, quote.toLocation),
      distance: quote.distance,
      issuedOn: formatPerthLongDate(quote.createdAt),
      validUntil: formatPerthLongDate(quote.validUntil),
      groups: categories
        .map((category) => ({
          title: GROUP_TITLES[category],
          items: quote.items
            .filter((item) => item.category === category)
            .map((item) => ({ description: item.description, quantity: item.quantity, unitPrice: formatMoney(item.unitPrice), total: formatMoney(item.total) })),
        }))
        .filter((group) => group.items.length > 0),
      subtotal: formatMoney(figures.itemsSubtotal),
      multiplier: figures.multiplierHundredths !== 100 ? formatMultiplier(figures.multiplierHundredths) : null,
      multiplierAmount: formatMoney(figures.basePrice - figures.itemsSubtotal),
      discountPercent: figures.discountPercent,
      discount: figures.discountAmount > 0 ? formatMoney(figures.discountAmount) : null,
      finalPrice: formatMoney(figures.finalPrice),
      gst: formatMoney(figures.gstIncluded),
      deposit: figures.depositAmount > 0 ? formatMoney(figures.depositAmount) : null,
      balance: formatMoney(figures.balanceAmount),
      notes: quote.notes,
      terms: quoteTerms(formatPerthLongDate(quote.validUntil)),
      acceptUrl: this.acceptUrl(quote.id),
    };
  }

  /** An invoice's quote and the deposit it takes off, loaded once for its email, SMS and PDF. */
  async invoiceContext(invoice: InvoiceEntity): Promise<InvoiceContext> {
    const fieldRecord = await this.fieldRecord(invoice.jobId);
    if (!invoice.quoteId) return { quote: null, depositNumber: null, fieldRecord };
    const manager = this.dataSource.manager;
    const [quote, invoices] = await Promise.all([
      manager.getRepository(QuoteEntity).findOneBy({ id: invoice.quoteId }),
      invoice.kind === 'balance' ? invoicesOfQuote(manager, invoice.quoteId) : Promise.resolve([]),
    ]);
    return { quote, depositNumber: quote ? (deductedDeposit(invoice, quote, invoices)?.number ?? null) : null, fieldRecord };
  }

  /**
   * The driver's photos and the customer's signature, as JobMediaService stored them, each with
   * its image for the PDF: the photos as small thumbnails (the PDF stays small), the signature whole.
   */
  private async fieldRecord(jobId: string | null): Promise<InvoiceContext['fieldRecord']> {
    if (!jobId) return [];
    const rows = await this.dataSource
      .getRepository(JobPhotoEntity)
      .createQueryBuilder('photo')
      .addSelect('photo.data')
      .where({ jobId, kind: In([...JOB_MEDIA_KINDS]) })
      .orderBy('photo.takenAt', 'ASC')
      .getMany();
    return Promise.all(
      rows.map(async ({ data, ...row }) => {
        const image = row.kind === 'signature' ? { contentType: row.contentType, data } : { contentType: 'image/jpeg', data: await thumbnail(data) };
        return { ...row, image: `data:${image.contentType};base64,${image.data.toString('base64')}` };
      }),
    );
  }

  /** An invoice's printed fields; also what its email and SMS say. */
  invoiceFields(invoice: InvoiceEntity, { quote, depositNumber, fieldRecord }: InvoiceContext) {
    // The phone's time is shown: when the photo was taken or the customer signed, not when it reached us.
    const madeOn = (row: InvoiceContext['fieldRecord'][number]) => formatPerthDateTime(row.takenAt ?? row.createdAt);
    return {
      ...SELLER,
      invoiceNumber: invoice.number,
      kindLabel: KIND_LABELS[invoice.kind],
      kindTitle: KIND_TITLES[invoice.kind],
      quoteLabel: quote ? quoteLabel(quote.quoteNumber) : 'n/a',
      jobId: invoice.jobId,
      customerName: invoice.customerName,
      customerPhone: invoice.customerPhone,
      customerEmail: invoice.customerEmail,
      buyerRequired: buyerIdentityRequired(invoice.amount),
      issuedOn: formatPerthLongDate(invoice.issuedAt),
      dueOn: invoice.dueDate ? formatPerthLongDate(perthLocalToIso(`${invoice.dueDate}T12:00`)) : null,
      paidOn: invoice.status === 'paid' && invoice.paidAt ? formatPerthLongDate(invoice.paidAt) : null,
      lines: invoice.lineItems.map((line) => ({ description: line.description, quantity: line.quantity, unitPrice: formatMoney(line.unitPrice), total: formatMoney(line.total) })),
      amount: formatMoney(invoice.amount),
      gst: formatMoney(invoice.gstAmount),
      depositNumber,
      balance: quote && invoice.kind === 'deposit' ? formatMoney(quote.finalPrice - invoice.amount) : null,
      acceptUrl: quote ? this.acceptUrl(quote.id) : this.environment.publicUrl,
      vehiclePhotos: fieldRecord.filter((row) => row.kind !== 'signature').map((row) => ({ label: JOB_MEDIA_LABELS[row.kind], takenOn: madeOn(row), image: row.image })),
      releases: fieldRecord.filter((row) => row.kind === 'signature').map((row) => ({ signedBy: row.signedBy, signedOn: madeOn(row), image: row.image })),
    };
  }

  quoteFilename(quote: Pick<QuoteEntity, 'quoteNumber'>): string {
    return quotePdfFilename(quote.quoteNumber);
  }

  async quotePdf(quote: QuoteEntity, fresh = false): Promise<RenderedPdf> {
    const fields = this.quoteFields(quote);
    const html = this.templates.pdf('pdf/quote', { ...fields, title: 'Quote', number: fields.quoteLabel });
    return { bytes: await this.renderer.render(html, { fresh }), filename: this.quoteFilename(quote) };
  }

  /** The invoice's PDF; `context` when the caller loaded it already (invoiceContext). */
  async invoicePdf(invoice: InvoiceEntity, fresh = false, context?: InvoiceContext): Promise<RenderedPdf> {
    const fields = this.invoiceFields(invoice, context ?? (await this.invoiceContext(invoice)));
    const html = this.templates.pdf('pdf/invoice', { ...fields, title: TAX_INVOICE.title, number: invoice.number });
    return { bytes: await this.renderer.render(html, { fresh }), filename: `${invoice.number}.pdf` };
  }

  /** What the API's pdf-render request asks for; null when the quote or invoice no longer exists. */
  async render(request: PdfRenderRequest): Promise<RenderedPdf | null> {
    if (request.kind === 'quote') {
      const quote = await this.dataSource.getRepository(QuoteEntity).findOneBy({ id: request.id });
      return quote ? this.quotePdf(quote, request.fresh) : null;
    }
    const invoice = await this.dataSource.getRepository(InvoiceEntity).findOneBy({ number: request.id });
    return invoice ? this.invoicePdf(invoice, request.fresh) : null;
  }
}
