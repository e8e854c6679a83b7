// Reference checks of one access pattern: the index it reads and the entities it names exist, its templates
// parse, its key condition fits the index's key (what DynamoDB refuses whatever the arguments, in its
// words), and a write's set and remove lists name attributes its entity declares.
import { readPatternProblems } from '../evaluate/refusals.ts';
import { parseTemplate, TemplateSyntaxError } from '../keys/template.ts';
import { isMultiAttribute, TABLE_INDEX } from '../model/indexes.ts';
import { checkKeyCondition } from '../model/key-conditions.ts';
import type { AccessPattern } from '../model/schema.ts';
import type { DesignRefs } from './validate-refs.ts';

export function checkPattern(
  refs: DesignRefs,
  pattern: AccessPattern,
  path: string,
  add: (path: string, message: string) => void,
) {
  const { design } = refs;
  const entities = refs.entities;
  const entityAttributes = (name: string) => refs.attributeNames.get(name) ?? new Set<string>();
  const checkTemplate = (templatePath: string, template: string) => {
    try {
      parseTemplate(template);
    } catch (error) {
      if (error instanceof TemplateSyntaxError) add(templatePath, error.message);
    }
  };
  const checkEntity = (entityPath: string, name: string) => {
    if (!entities.has(name)) add(entityPath, `no entity is named "${name}"`);
  };
  const checkAttributes = (listPath: string, entity: string, names: string[] | undefined) => {
    if (!entities.has(entity)) return;
    const declared = entityAttributes(entity);
    names?.forEach((name, i) => {
      if (!declared.has(name)) add(`${listPath}[${i}]`, `"${name}" is not an attribute of ${entity}`);
    });
  };
  switch (pattern.operation) {
    case 'GetItem':
    case 'Query':
    case 'Scan': {
      const schema = refs.schemas.get(pattern.index ?? TABLE_INDEX);
      if (!schema) add(`${path}.index`, `no index is named "${pattern.index}"`);
      pattern.returns?.forEach((name, i) => checkEntity(`${path}.returns[${i}]`, name));
      // What DynamoDB refuses whatever the arguments, in its words (the evaluator refuses the same).
      if (schema)
        for (const problem of readPatternProblems(design, pattern, schema, refs.numeric))
          add(`${path}.${problem.path}`, problem.message);
      if (pattern.operation === 'Scan') break;
      const { keyCondition } = pattern;
      const multi =
        keyCondition.partitionKeys || keyCondition.sortKeys || (schema && isMultiAttribute(schema));
      if (multi) {
        // A multi-attribute GSI key (or its spelling): every partition attribute, sort attributes left to right.
        if (pattern.operation === 'GetItem')
          add(`${path}.keyCondition`, 'GetItem takes the table key as partition and sort');
        else if (schema) checkKeyCondition(schema, keyCondition, `${path}.keyCondition`, add);
        for (const [name, template] of Object.entries(keyCondition.partitionKeys ?? {}))
          checkTemplate(`${path}.keyCondition.partitionKeys.${name}`, template);
        keyCondition.sortKeys?.forEach((sort, j) => {
          checkTemplate(`${path}.keyCondition.sortKeys[${j}].value`, sort.value);
          if (sort.to !== undefined) checkTemplate(`${path}.keyCondition.sortKeys[${j}].to`, sort.to);
        });
      } else if (keyCondition.partition === undefined) {
        add(`${path}.keyCondition.partition`, 'a key condition needs the partition key value (partition)');
      }
      if (keyCondition.partition !== undefined)
        checkTemplate(`${path}.keyCondition.partition`, keyCondition.partition);
      if (keyCondition.sort) {
        checkTemplate(`${path}.keyCondition.sort.value`, keyCondition.sort.value);
        if (keyCondition.sort.op === 'between' && keyCondition.sort.to === undefined) {
          add(`${path}.keyCondition.sort.to`, 'between needs an upper bound "to"');
        }
        if (keyCondition.sort.to !== undefined)
          checkTemplate(`${path}.keyCondition.sort.to`, keyCondition.sort.to);
        if (schema && !schema.sortKey)
          add(`${path}.keyCondition.sort`, `${pattern.index ?? 'the table'} has no sort key`);
        // DynamoDB takes begins_with on S (a prefix of the text) and B (a prefix of the bytes), not on N.
        if (schema?.sortKey && schema.sortKey.type === 'N' && keyCondition.sort.op === 'begins_with') {
          add(
            `${path}.keyCondition.sort.op`,
            `begins_with needs a string or binary sort key; ${schema.sortKey.name} is of type N`,
          );
        }
      }
      if (pattern.operation === 'GetItem') {
        if (pattern.index) add(`${path}.index`, 'GetItem reads the table only; use a Query to read an index');
        if (design.table.sortKey && keyCondition.sort?.op !== '=') {
          add(
            `${path}.keyCondition.sort`,
            `GetItem needs the full primary key: an "=" on ${design.table.sortKey.name}`,
          );
        }
      }
      break;
    }
    case 'PutItem':
    case 'DeleteItem':
      checkEntity(`${path}.entity`, pattern.entity);
      break;
    case 'UpdateItem':
      checkEntity(`${path}.entity`, pattern.entity);
      checkAttributes(`${path}.set`, pattern.entity, pattern.set);
      checkAttributes(`${path}.remove`, pattern.entity, pattern.remove);
      if (!pattern.set?.length && !pattern.remove?.length)
        add(path, 'an UpdateItem needs attributes to set or remove');
      break;
    case 'TransactWriteItems':
      pattern.actions.forEach((action, i) => {
        checkEntity(`${path}.actions[${i}].entity`, action.entity);
        checkAttributes(`${path}.actions[${i}].set`, action.entity, action.set);
        checkAttributes(`${path}.actions[${i}].remove`, action.entity, action.remove);
      });
      break;
    case 'TransactGetItems':
    case 'BatchGetItem':
      pattern.gets.forEach((get, i) => {
        checkEntity(`${path}.gets[${i}].entity`, get.entity);
        if (get.key) {
          checkTemplate(`${path}.gets[${i}].key.partition`, get.key.partition);
          if (get.key.sort !== undefined) checkTemplate(`${path}.gets[${i}].key.sort`, get.key.sort);
        }
      });
      break;
  }
}
