import { DefaultNamingStrategy } from 'typeorm';
const snake = (text) => text.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
/** camelCase in TypeScript, snake_case in the database. */
export class SnakeNamingStrategy extends DefaultNamingStrategy {
    tableName(className, customName) {
        return customName ?? snake(className);
    }
    columnName(propertyName, customName, prefixes) {
        return snake(prefixes.concat(customName ?? propertyName).join('_'));
    }
    relationName(propertyName) {
        return snake(propertyName);
    }
}
