import { givenText, SIGNED_BY_MAX_LENGTH, SIGNED_BY_MESSAGE } from '@towing/contracts';
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { mediaUpload, type SendUpload } from './field-uploads';

const SIGN_MESSAGE = 'Please sign in the box';

/**
 * The customer releases the vehicle on the driver's phone: they sign with a finger in the box
 * and type their name. The signature's time is when they lifted the finger last, on the phone's
 * clock; it goes to the phone's outbox like a photo.
 */
export function SignatureCapture({ jobId, send, onDone }: { jobId: string; send: SendUpload; onDone(): void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const signedAt = useRef<string | null>(null);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const element = canvas.current!;
    // Drawn at the screen's pixel density, so the stroke is as sharp on the PDF as on the phone.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext('2d')!.scale(ratio, ratio);
    const signature = new SignaturePad(element, { penColor: '#0b1f44' });
    signature.addEventListener('endStroke', () => {
      signedAt.current = new Date().toISOString();
    });
    pad.current = signature;
    return () => signature.off();
  }, []);

  function clear() {
    pad.current?.clear();
    signedAt.current = null;
  }

  async function release() {
    const signer = givenText(name);
    if (!pad.current || pad.current.isEmpty() || !signedAt.current) return setProblem(SIGN_MESSAGE);
    if (!signer) return setProblem(SIGNED_BY_MESSAGE);
    const image = await new Promise<Blob | null>((resolve) => canvas.current!.toBlob(resolve, 'image/png'));
    if (!image) return setProblem(SIGN_MESSAGE);
    setProblem(null);
    await send(mediaUpload(jobId, 'signature', image, signedAt.current, signer));
    onDone();
  }

  return (
    <div className="field-signature" role="group" aria-label={`Customer signature for ${jobId}`}>
      <p className="field-signature__hint">Customer: sign below to release the vehicle.</p>
      <canvas ref={canvas} className="field-signature__pad" aria-label="Signature box" />
      <label className="field-signature__name">
        Name of the person signing
        <input value={name} maxLength={SIGNED_BY_MAX_LENGTH} autoComplete="name" onChange={(event) => setName(event.target.value)} />
      </label>
      {problem && (
        <p className="driver-error" role="alert">
          {problem}
        </p>
      )}
      <div className="field-signature__actions">
        <button type="button" className="driver-button driver-button--quiet" onClick={clear}>
          Clear
        </button>
        <button type="button" className="driver-button driver-button--go" onClick={() => void release()}>
          Release vehicle
        </button>
      </div>
    </div>
  );
}
