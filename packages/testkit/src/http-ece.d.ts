/** The part of http_ece (Encrypted Content-Encoding for HTTP, RFC 8188 / RFC 8291) the push-service peer uses. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface DecryptParameters {
    version: 'aes128gcm';
    /** The receiver's key pair; the sender's public key comes in the payload's header (keyid). */
    privateKey: ECDH;
    /** URL-safe base64. */
    authSecret: string;
  }

  export function decrypt(buffer: Buffer, parameters: DecryptParameters): Buffer;
}
