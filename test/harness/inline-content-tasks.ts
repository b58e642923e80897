// Unit and integration specs run the sources, where no compiled content thread file exists: their tasks run in-line.
import { allowInlineContentTasks } from '../../src/infra/content/inline-content-tasks.js';

allowInlineContentTasks();
