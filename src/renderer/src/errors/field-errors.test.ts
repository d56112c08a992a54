import { describe, expect, it } from 'vitest';
import { errorFor } from '../../../shared/contract/error-summary';
import { inputMessages } from '../../../shared/contract/input-messages';
import { sharedTranslator } from '../../../shared/i18n/locales';
import { fieldErrorsOf } from './field-errors';

const invalid = {
  ...errorFor('invalid_fields'),
  issues: [
    { path: ['baseUrl'], message: inputMessages.gatewayAddress.key, code: 'invalid_format' },
    { path: ['baseUrl'], message: 'Must start with http' },
    { path: ['name'], message: inputMessages.profileName.key, code: 'too_small', params: { minimum: 1, origin: 'string' } },
  ],
};

describe('fieldErrorsOf', () => {
  it('keeps the first message of each field, in the user’s language', () => {
    expect(fieldErrorsOf(invalid, 'en')).toEqual({ baseUrl: sharedTranslator('en')(inputMessages.gatewayAddress.key), name: 'Give the profile a name' });
    expect(fieldErrorsOf(invalid, 'zh-CN')).toEqual({ baseUrl: sharedTranslator('zh-CN')(inputMessages.gatewayAddress.key), name: '请为配置起个名字' });
  });

  it('puts a name clash on the named field and ignores errors that concern no field', () => {
    expect(fieldErrorsOf(errorFor('profile_name_taken', { name: 'Studio' }), 'en')).toEqual({ name: 'A profile named "Studio" already exists.' });
    expect(fieldErrorsOf(errorFor('profile_name_taken', { name: 'Studio' }), 'zh-CN', 'title')).toEqual({ title: '已有名为“Studio”的配置。' });
    expect(fieldErrorsOf(errorFor('internal'), 'en')).toEqual({});
  });
});
