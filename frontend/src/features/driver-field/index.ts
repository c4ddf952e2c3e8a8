export { FieldWork, type FieldWorkProps } from './FieldWork';
export type { FieldUpload, SendUpload } from './field-uploads';
