import { maxLength, minLength, required, TextInput, useTranslate, type Validator } from 'react-admin';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../domain/auth';

export interface PasswordFormValues {
  currentPassword?: string;
  newPassword: string;
  confirmPassword: string;
}

const newPasswordValidators: Validator[] = [required(), minLength(PASSWORD_MIN_LENGTH), maxLength(PASSWORD_MAX_LENGTH)];

const matchesNewPassword: Validator = (value: unknown, values: Record<string, unknown>) =>
  value === values.newPassword ? undefined : 'app.password.mismatch';

/**
 * New password + confirmation, with the rules of domain/auth.ts shown under the field, and the current
 * password when the user already has one.
 */
export const PasswordFields = ({ askCurrentPassword }: { askCurrentPassword: boolean }) => {
  const translate = useTranslate();
  const rules = translate('app.password.rules', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  return (
    <>
      {askCurrentPassword && (
        <TextInput
          source="currentPassword"
          type="password"
          label="app.password.current"
          autoComplete="current-password"
          validate={required()}
        />
      )}
      <TextInput
        source="newPassword"
        type="password"
        label="app.password.new"
        autoComplete="new-password"
        helperText={rules}
        validate={newPasswordValidators}
      />
      <TextInput
        source="confirmPassword"
        type="password"
        label="app.password.confirm"
        autoComplete="new-password"
        validate={[required(), matchesNewPassword]}
      />
    </>
  );
};
