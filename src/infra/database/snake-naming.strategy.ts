import { DefaultNamingStrategy, NamingStrategyInterface } from 'typeorm';

const snake = (text: string) => text.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** camelCase in TypeScript, snake_case in the database. */
export class SnakeNamingStrategy extends DefaultNamingStrategy implements NamingStrategyInterface {
  override tableName(className: string, customName?: string): string {
    return customName ?? snake(className);
  }

  override columnName(propertyName: string, customName: string | undefined, prefixes: string[]): string {
    return snake(prefixes.concat(customName ?? propertyName).join('_'));
  }

  override relationName(propertyName: string): string {
    return snake(propertyName);
  }
}
