import { DateField, useLocaleState, type DateFieldProps } from 'react-admin';
import { DATE_TIME_OPTIONS, intlLocaleOf } from './dateFormat';

/**
 * An instant's date and time in the interface language on a 24-hour clock ("25.11.2026, 23:58"), not the
 * browser's locale.
 */
export const DateTimeField = (props: Omit<DateFieldProps, 'locales' | 'options' | 'showTime' | 'showDate'>) => {
  const [locale] = useLocaleState();
  return <DateField locales={intlLocaleOf(locale)} options={DATE_TIME_OPTIONS} showTime {...props} />;
};
