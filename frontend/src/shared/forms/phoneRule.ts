import { formPhoneError } from '@towing/contracts';

/**
 * The antd rule for a phone box: contracts' form-side phone rule. `required` marks the field
 * with antd's asterisk; the validator alone decides, so an empty box shows one message.
 */
export const phoneRule = {
  required: true,
  validator: (_rule: unknown, value: string | undefined) => {
    const error = formPhoneError(value);
    return error ? Promise.reject(new Error(error)) : Promise.resolve();
  },
};
