"""Scorekeeping at the card table, under ``/clubs/<slug>/sittings/``; names ``scorekeeping:…``."""

from django.urls import path

from scoring.scorekeeping import views

app_name = "scorekeeping"
urlpatterns = [
    path("new/", views.start, name="start"),
    path("<id:pk>/close/", views.close, name="close"),
    path("<id:pk>/deals/new/", views.deal_new, name="deal_new"),
    path("<id:pk>/deals/undo/", views.deal_undo, name="deal_undo"),
    path("<id:pk>/deals/<id:number>/correct/", views.deal_correct, name="deal_correct"),
    path("<id:pk>/deals/<id:number>/confirm/", views.deal_confirm, name="deal_confirm"),
]
