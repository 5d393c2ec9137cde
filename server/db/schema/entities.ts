/** Every table besides authentication (auth.ts): the product's entities, their links and their history. */
export * from './reference';
export * from './uploads';
export * from './tags';
export * from './establishments';
export * from './promoterGroups';
export * from './events';
export * from './offers';
export * from './promoCodes';
export * from './widgetSettings';
export * from './widgetCounts';
export * from './auditLog';
export * from './rowCounts';
export * from './notifications';
export * from './asks';
export * from './statistics';
export * from './billing';
