// The number formats are the domain's (the settings screen checks them as they are typed).
export { formatDocumentNumber, NUMBER_FORMAT_MAX, numberFormatProblem } from '@stockroom/domain';
