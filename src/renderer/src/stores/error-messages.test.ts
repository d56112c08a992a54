import { describe, expect, it } from 'vitest';
import { alertMessage, fieldErrorsOf } from './error-messages';

const invalid = {
  code: 'invalid_input' as const,
  message: 'baseUrl: Enter a full address; baseUrl: Must start with http',
  details: [
    { path: ['baseUrl'], message: 'Enter a full address' },
    { path: ['baseUrl'], message: 'Must start with http' },
    { path: ['name'], message: 'Give the profile a name' },
  ],
};

describe('fieldErrorsOf', () => {
  it('keeps the first message of each field', () => {
    expect(fieldErrorsOf(invalid)).toEqual({ baseUrl: 'Enter a full address', name: 'Give the profile a name' });
  });

  it('puts a conflict on the named field and ignores other errors', () => {
    expect(fieldErrorsOf({ code: 'conflict', message: 'Taken' })).toEqual({ name: 'Taken' });
    expect(fieldErrorsOf({ code: 'internal', message: 'Oops' })).toEqual({});
    expect(fieldErrorsOf({ code: 'invalid_input', message: 'x', details: 'not a list' })).toEqual({});
  });
});

describe('alertMessage', () => {
  it('lists each distinct field message once, without field paths', () => {
    expect(alertMessage(invalid)).toBe('Enter a full address · Must start with http · Give the profile a name');
  });

  it('shows other errors as main wrote them', () => {
    expect(alertMessage({ code: 'not_found', message: 'That gateway profile no longer exists.' })).toBe(
      'That gateway profile no longer exists.',
    );
  });
});
