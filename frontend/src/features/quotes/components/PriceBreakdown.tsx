import { formatMoney, formatMultiplier, type QuoteFigures } from '@towing/contracts';

/** The price as the quote document shows it: subtotal, location, discount, total with GST, and the deposit split. */
export function PriceBreakdown({ price, showDeposit = true }: { price: QuoteFigures; showDeposit?: boolean }) {
  return (
    <table className="quote-breakdown" aria-label="Price breakdown">
      <tbody>
        <tr>
          <th scope="row">Items subtotal</th>
          <td>{formatMoney(price.itemsSubtotal)}</td>
        </tr>
        {price.multiplierHundredths !== 100 && (
          <tr>
            <th scope="row">Location multiplier ×{formatMultiplier(price.multiplierHundredths)}</th>
            <td>{formatMoney(price.basePrice - price.itemsSubtotal)}</td>
          </tr>
        )}
        {price.discountAmount > 0 && (
          <tr>
            <th scope="row">Discount ({price.discountPercent}%)</th>
            <td>-{formatMoney(price.discountAmount)}</td>
          </tr>
        )}
        <tr className="quote-breakdown-total">
          <th scope="row">Total (GST included)</th>
          <td data-testid="quote-total">{formatMoney(price.finalPrice)}</td>
        </tr>
        <tr className="quote-breakdown-minor">
          <th scope="row">GST included</th>
          <td>{formatMoney(price.gstIncluded)}</td>
        </tr>
        {showDeposit && price.depositAmount > 0 && (
          <>
            <tr>
              <th scope="row">Deposit to book</th>
              <td data-testid="quote-deposit">{formatMoney(price.depositAmount)}</td>
            </tr>
            <tr>
              <th scope="row">Balance due after service</th>
              <td>{formatMoney(price.balanceAmount)}</td>
            </tr>
          </>
        )}
      </tbody>
    </table>
  );
}
