import { type FormEvent, useState } from 'react';

/** Completed asks the truck's odometer, as the board does; Skip completes without it. */
export function OdometerPicker({ onDone, onCancel }: { onDone: (odometerKm: number | undefined) => void; onCancel: () => void }) {
  const [typed, setTyped] = useState('');
  const km = Number(typed);
  const valid = typed !== '' && Number.isInteger(km) && km >= 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (valid) onDone(km);
  }

  return (
    <div className="driver-sheet" role="dialog" aria-label="Odometer">
      <p className="driver-sheet__title">Record the truck's odometer now the job is done; it keeps the service estimate true.</p>
      <form className="driver-inline-form" onSubmit={submit}>
        <label htmlFor="driver-odometer">Odometer (km)</label>
        <input id="driver-odometer" inputMode="numeric" pattern="[0-9]*" value={typed} onChange={(event) => setTyped(event.target.value.trim())} />
        <button type="submit" className="driver-button driver-button--go" disabled={!valid}>
          Complete with odometer
        </button>
      </form>
      <button type="button" className="driver-button" onClick={() => onDone(undefined)}>
        Skip odometer and complete
      </button>
      <button type="button" className="driver-button driver-button--quiet" onClick={onCancel}>
        Back
      </button>
    </div>
  );
}
