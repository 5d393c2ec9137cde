import { ACCESS_TABLE, PERMISSION_RESOURCES, SPEC_GRANTS, SPEC_ROUTES, type Action } from '../../domain/access';
import { ROLE_KEYS } from '../../domain/roles';

const LETTERS: Record<Action, string> = { read: 'R', create: 'C', update: 'U', delete: 'D' };

/**
 * The effective permission table as the README shows it: upper-case letters are the specification's own grants,
 * lower-case letters and starred routes are the product's extensions. A unit test keeps README equal to it.
 */
export function accessTableMarkdown(): string {
  const header = `| Role | Routes | ${PERMISSION_RESOURCES.join(' | ')} |`;
  const rule = `|${' --- |'.repeat(PERMISSION_RESOURCES.length + 2)}`;
  const rows = ROLE_KEYS.map((role) => {
    const access = ACCESS_TABLE[role];
    const routes = access.routes.map((route) => (SPEC_ROUTES[role].includes(route) ? route : `${route}*`)).join(', ');
    const cells = PERMISSION_RESOURCES.map((resource) => {
      const granted = access.grants[resource].map((action) =>
        SPEC_GRANTS[role][resource]?.includes(action) ? LETTERS[action] : LETTERS[action].toLowerCase(),
      );
      return granted.join('') || '—';
    });
    return `| ${role} | ${routes} | ${cells.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}
