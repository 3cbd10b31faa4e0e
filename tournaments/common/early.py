"""Middlewares high in the stack that answer some requests themselves (issue 32):
a stored public page (`public_early.PublicPageMiddleware`; the live 304 is answered even earlier,
in front of Django: `live.LivePollApp`)."""

from __future__ import annotations

from django.urls import Resolver404, ResolverMatch, resolve


class EarlyAnswerMiddleware:
    """Asks `answer` (given the URL's view) for the requests `wanted` picks (cheap checks of the
    request alone); an answer of None lets the request go on down the stack."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if self.wanted(request):
            try:
                match = resolve(request.path_info)
            except Resolver404:
                match = None
            answer = self.answer(request, match) if match is not None else None
            if answer is not None:
                return answer
        return self.get_response(request)

    def wanted(self, request) -> bool:
        raise NotImplementedError

    def answer(self, request, match: ResolverMatch):
        raise NotImplementedError
