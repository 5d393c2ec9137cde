/**
 * The app's own English messages (the key set every other language follows). react-admin's messages
 * come from ra-language-*; the i18n provider merges both. `%{name}` placeholders are polyglot's.
 */
const app = {
  app: {
    name: 'Back office',
    loading: 'Loading…',
    menu: {
      dashboard: 'Dashboard',
      settings: 'Settings',
      statistics: 'Statistics',
      notifications: 'Notifications',
      asks: 'Request inbox',
      establishments: 'Establishments',
      promoters: 'Promoters',
      events: 'Events',
      discount: 'Offers',
      discountTemplate: 'Offer templates',
      requestDiscountTemplate: 'Template requests',
      promoCode: 'Promo codes',
      tags: 'Tags',
      tagTerms: 'Tag terms',
      iframe: 'Widget',
      users: 'Users',
      auditLog: 'Audit log',
      referenceData: 'Reference data',
      outbox: 'Mail outbox',
      billing: 'Billing',
      groups: {
        overview: 'Overview',
        venuesAndEvents: 'Venues & events',
        offers: 'Offers & promotions',
        content: 'Content',
        administration: 'Administration',
        account: 'Account',
      },
    },
    colorScheme: {
      label: 'Colour scheme',
      light: 'Light',
      dark: 'Dark',
      auto: 'Auto (follows the system)',
    },
    errors: {
      refresh: 'Refresh',
      crash: { title: 'Ooops, something went wrong :(' },
      unauthorized: { title: 'Ooops, unAuthorized :(' },
      unauthorizedWayForward: {
        description: 'You are signed in with an account that may not open this page.',
        dashboard: 'Back to the dashboard',
        signInAsOther: 'Sign in as someone else',
      },
      invalidResetLink: {
        description: 'This password reset link is invalid, was already used or has expired.',
        requestNewLink: 'Request a new link',
      },
      router: {
        title: 'Something went wrong!',
        showError: 'Show Error',
        hideError: 'Hide Error',
      },
    },
    auth: {
      email: 'Email',
      password: 'Password',
      backToSignIn: 'Back to sign-in',
      signIn: {
        title: 'Sign in',
        subtitle: 'Welcome back. Sign in with your email and password.',
        submit: 'Sign in',
        forgotPassword: 'Forgot your password?',
      },
      accessLink: {
        title: 'Access link',
        invalid:
          'This access link is invalid, was already used or has expired. Ask for a new one or sign in with your password.',
      },
      updatePassword: {
        setTitle: 'Choose your password',
        setSubtitle: 'You signed in with an access link. Choose a password to sign in next time.',
        changeTitle: 'Change your password',
      },
      forgotPassword: {
        title: 'Forgot your password?',
        subtitle: 'Enter the email address of your account. We will send you a link to choose a new password.',
        submit: 'Send the link',
        sent: 'If an account exists for this address, we have sent it a link to reset the password. Check your inbox.',
      },
      resetPassword: {
        title: 'Choose a new password',
        subtitle: 'Your new password replaces the old one and signs you out everywhere.',
        submit: 'Save the new password',
        done: 'Your password was changed. Sign in with your new password.',
      },
      deleteAccount: {
        title: 'Delete your account',
        subtitle: 'Enter the email address of your account. We will send you a link to confirm the deletion.',
        submit: 'Send the confirmation link',
        sent: 'If an account exists for this address, we have sent it a link to confirm the deletion. Check your inbox.',
        confirmTitle: 'Confirm the deletion',
        confirmExplanation:
          'Deleting your account signs you out everywhere and removes your access to the back office. This cannot be undone.',
        confirm: 'Delete my account',
        invalidLink: 'This confirmation link is invalid, was already used or has expired. Ask for a new one.',
        deletedTitle: 'Account deleted',
        deleted: 'Your account was deleted. Thank you for having used the back office.',
      },
      errors: {
        INVALID_CREDENTIALS: 'Wrong email or password.',
        TOO_MANY_ATTEMPTS: 'Too many attempts. Please wait a few minutes, then try again.',
        TOO_MANY_ATTEMPTS_WAIT:
          'Too many attempts. Try again in %{smart_count} minute. |||| Too many attempts. Try again in %{smart_count} minutes.',
        INVALID_OR_EXPIRED_TOKEN: 'This link is invalid, was already used or has expired.',
        WRONG_CURRENT_PASSWORD: 'The current password is wrong.',
        NOT_SIGNED_IN: 'Your session has ended. Please sign in again.',
        FORBIDDEN: 'You are not allowed to do this.',
        CSRF_HEADER_MISSING: 'The request was refused. Please reload the page and try again.',
        PLEASE_SIGN_IN_USING_THE_ACCESS_LINK_PROVIDED_BY_THE_HOSPITAL:
          'Your session could not be read. Please sign in again, or use the access link you were given.',
        NETWORK: 'The server cannot be reached. Check your connection and try again.',
        UNKNOWN: 'Something went wrong. Please try again.',
      },
    },
    password: {
      current: 'Current password',
      new: 'New password',
      confirm: 'Confirm the new password',
      rules: 'Between %{min} and %{max} characters. A long phrase is easier to remember than a complicated word.',
      mismatch: 'The two passwords differ.',
      invalid: 'This password does not follow the rules.',
      save: 'Save the password',
      changed: 'Your password was changed.',
    },
    dashboard: {
      title: 'Dashboard',
      greeting: 'Hello, %{name}',
      greetingAnonymous: 'Hello',
      intro: 'Welcome to the back office for venues, promoters and events.',
    },
    settings: {
      title: 'Settings',
      preferences: 'Preferences',
      language: 'Language',
      password: 'Password',
      deleteAccount: 'Delete the account',
      deleteAccountExplanation:
        'We send a confirmation link to your email address. Your account is only deleted once you confirm from that link.',
      deleteAccountButton: 'Send me the confirmation link',
      deleteAccountSent: 'We sent a confirmation link to %{email}.',
    },
  },
  resources: {
    outbox: {
      name: 'Mail outbox |||| Mail outbox',
      fields: {
        id: 'Id',
        to: 'To',
        subject: 'Subject',
        template: 'Template',
        language: 'Language',
        transport: 'Transport',
        status: 'Status',
        error: 'Error',
        userId: 'User',
        createdAt: 'Date',
        sentAt: 'Sent',
        attachments: 'Attachments',
      },
      status: {
        stored: 'Recorded',
        pending: 'Sending',
        sent: 'Sent',
        failed: 'Failed',
      },
      empty: 'No mail was recorded yet.',
      textPart: 'Text part',
      htmlPart: 'HTML part',
    },
  },
  eventCalendar: {
    views: {
      label: 'Show events as',
      list: 'List',
      calendar: 'Calendar',
    },
    list: {
      columns: {
        title: 'Title',
        venue: 'Venue',
        eventType: 'Event type',
        rule: 'When',
        nextOccurrence: 'Next occurrence',
        visibility: 'Visibility',
        approvalStatus: 'Request',
      },
      filters: {
        establishment: 'Venue',
        eventTypes: 'Event types',
        musics: 'Music',
        cities: 'Cities',
        visibility: 'Visibility',
        approvalStatus: 'Request status',
      },
      none: '—',
      requests: {
        button: 'Requests',
        label: 'Requests waiting for a decision: %{smart_count}',
      },
    },
    calendar: {
      label: 'Occurrence calendar',
      views: {
        month: 'Month',
        week: 'Week',
        listWeek: 'Week list',
        listMonth: 'Month list',
      },
      today: 'Today',
      draft: 'Draft',
      pendingRequest: 'Request waiting for a decision',
      loadError: 'The occurrences could not be loaded. Try again, or change the filters.',
      truncated:
        'Showing the first %{shown} of %{total} occurrences: narrow the filters or the period to see them all.',
    },
  },
  eventApproval: {
    status: {
      PENDING: 'Pending',
      APPROVED: 'Approved',
      REJECTED: 'Rejected',
    },
    notice: {
      PENDING: 'This event is a request from a promoter, waiting for the venue to approve or reject it.',
      APPROVED: 'The venue approved this request: the event is published.',
      REJECTED: 'The venue rejected this request. Change it and send it again, or leave it as a draft.',
    },
    reason: 'Reason: %{reason}',
    approve: 'Approve',
    reject: 'Reject',
    dialog: {
      approve: {
        title: 'Approve this request?',
        content: '“%{title}” will be published, and the promoter will be told by email.',
        reason: 'Note for the promoter (optional)',
        confirm: 'Approve',
      },
      reject: {
        title: 'Reject this request',
        content: '“%{title}” stays a draft. The promoter receives your reason by email and can change the request.',
        reason: 'Reason',
        reasonRequired: 'Say why, so the promoter knows what to change.',
        confirm: 'Reject',
      },
    },
    done: {
      approve: '“%{title}” approved and published.',
      reject: '“%{title}” rejected; the promoter was told why.',
    },
    errors: {
      alreadyDecided: 'Someone already decided on this request; the page now shows the decision.',
      notARequest: 'This event is not a request, so there is nothing to decide.',
    },
  },
};

export default app;

/** The shape every language's file must have: the same keys, strings as values. */
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
export type AppMessages = DeepStrings<typeof app>;
