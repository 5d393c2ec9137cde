import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../domain/auth';
import {
  FormField,
  maxLength,
  minLength,
  required,
  type FieldError,
  type useSimpleForm,
} from '../../public/formFields';
import { usePageTranslate } from '../../public/pageText';

export type PasswordFormValues = {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
};

const matchesNewPassword = (value: string, values: PasswordFormValues): FieldError =>
  value === values.newPassword ? undefined : { key: 'app.password.mismatch' };

/** The rules of domain/auth.ts; the current password only when the user already has one. */
export const passwordRules = (askCurrentPassword: boolean) => ({
  ...(askCurrentPassword ? { currentPassword: [required] } : {}),
  newPassword: [required, minLength(PASSWORD_MIN_LENGTH), maxLength(PASSWORD_MAX_LENGTH)],
  confirmPassword: [required, matchesNewPassword],
});

/**
 * New password + confirmation, with the rules of domain/auth.ts shown under the field, and the current
 * password when the user already has one.
 */
export const PasswordFields = ({
  askCurrentPassword,
  form,
}: {
  askCurrentPassword: boolean;
  form: ReturnType<typeof useSimpleForm<PasswordFormValues>>;
}) => {
  const translate = usePageTranslate();
  const rules = translate('app.password.rules', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  return (
    <>
      {askCurrentPassword && (
        <FormField
          {...form.field('currentPassword')}
          type="password"
          label="app.password.current"
          autoComplete="current-password"
        />
      )}
      <FormField
        {...form.field('newPassword')}
        type="password"
        label="app.password.new"
        autoComplete="new-password"
        helperText={rules}
      />
      <FormField
        {...form.field('confirmPassword')}
        type="password"
        label="app.password.confirm"
        autoComplete="new-password"
      />
    </>
  );
};
