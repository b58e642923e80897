export const WAIT_UNTIL = ['load', 'domcontentloaded', 'networkidle0', 'networkidle2'];
