import { useState } from 'react';
import { Button } from '@mui/material';
import { AUTH_ERROR_CODES } from '../../../domain/authErrorCodes';
import { useSimpleForm } from '../../public/formFields';
import { usePageTranslate } from '../../public/pageText';
import { updatePassword } from '../../publicProviders';
import { authErrorCodeOf, authErrorKeyOf, fieldErrorsOf } from './apiErrors';
import { ErrorAlert } from './ErrorAlert';
import { PasswordFields, passwordRules, type PasswordFormValues } from './PasswordFields';

export interface ChangePasswordFormProps {
  /** A user who has a password must give it; one who came by access link sets a first one. */
  hasPassword: boolean;
  onChanged: () => void;
  submitLabel: string;
  /** The account's address, given to password managers so they save the new password for it. */
  accountEmail?: string;
  /** The call that stores the password; by default the signed-in user's `updatePassword`. */
  save?: (body: PasswordChange) => Promise<unknown>;
}

export interface PasswordChange {
  currentPassword?: string;
  newPassword: string;
}

type FieldErrors = Partial<Record<keyof PasswordFormValues, string>>;

/** Server answers that belong to one field are shown under that field (WRONG_CURRENT_PASSWORD, rule violations). */
const fieldErrorsForForm = (error: unknown): FieldErrors | null => {
  if (authErrorCodeOf(error) === AUTH_ERROR_CODES.wrongCurrentPassword) {
    return { currentPassword: `app.auth.errors.${AUTH_ERROR_CODES.wrongCurrentPassword}` };
  }
  const serverFields = fieldErrorsOf(error);
  const errors: FieldErrors = {};
  if (serverFields.newPassword) errors.newPassword = 'app.password.invalid';
  if (serverFields.currentPassword) errors.currentPassword = 'app.password.invalid';
  return Object.keys(errors).length > 0 ? errors : null;
};

/** Current (when needed), new and confirmed password; used by /auth/update_password and /settings. */
export const ChangePasswordForm = ({
  hasPassword,
  onChanged,
  submitLabel,
  accountEmail,
  save = updatePassword,
}: ChangePasswordFormProps) => {
  const translate = usePageTranslate();
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (values: PasswordFormValues): Promise<FieldErrors | undefined> => {
    setErrorKey(null);
    setIsSubmitting(true);
    try {
      await save({
        ...(hasPassword ? { currentPassword: values.currentPassword } : {}),
        newPassword: values.newPassword,
      });
    } catch (error) {
      setIsSubmitting(false);
      const fieldErrors = fieldErrorsForForm(error);
      if (fieldErrors) return fieldErrors;
      setErrorKey(authErrorKeyOf(error));
      return undefined;
    }
    setIsSubmitting(false);
    onChanged();
    return undefined;
  };
  const form = useSimpleForm<PasswordFormValues>(
    { currentPassword: '', newPassword: '', confirmPassword: '' },
    passwordRules(hasPassword),
    submit,
  );

  return (
    <>
      <ErrorAlert messageKey={errorKey} />
      <form onSubmit={form.handleSubmit}>
        {accountEmail && (
          <input type="email" name="username" autoComplete="username" value={accountEmail} readOnly hidden />
        )}
        <PasswordFields askCurrentPassword={hasPassword} form={form} />
        <Button type="submit" variant="contained" loading={isSubmitting} sx={{ mt: 2 }}>
          {translate(submitLabel)}
        </Button>
      </form>
    </>
  );
};
