import { installTestNow } from './test-now.js';

installTestNow();
