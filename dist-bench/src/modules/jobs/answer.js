export function sendAnswer(reply, answer) {
    void reply.status(answer.status).headers(answer.headers);
    if (answer.html !== undefined)
        return reply.type('text/html; charset=utf-8').send(answer.html);
    return reply.type('application/json; charset=utf-8').send(answer.json);
}
