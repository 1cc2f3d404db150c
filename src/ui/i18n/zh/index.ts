// Every Chinese message of the page, in the same shape as ../en.

import type { Messages } from '../en';
import { app } from './app';
import { charts } from './charts';
import { common } from './common';
import { decode } from './decode';
import { gallery } from './gallery';
import { load } from './load';
import { modelInput } from './model-input';
import { page } from './page';
import { predictions } from './predictions';
import { presenter } from './presenter';
import { share } from './share';

export const zh: Messages = {
  page,
  common,
  app,
  share,
  predictions,
  modelInput,
  charts,
  presenter,
  load,
  decode,
  gallery,
};
